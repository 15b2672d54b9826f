/*
|--------------------------------------------------------------------------
| Environment variables
|--------------------------------------------------------------------------
|
| Every variable the app reads is validated here: a bad value stops the
| start with a message naming the variable. Documented in .env.example.
|
*/
import { Env } from '@adonisjs/core/env'
import { unsafeSetting } from '#start/safe_settings'
import { parseTrustedProxies } from '#start/trusted_proxies'
import { parseLogSigningKey } from '#start/log_signing_key'

/** An optional whole number of `unit`, 1 or more; anything else stops the start, naming the variable. */
function wholeNumber(unit: string) {
  return (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    const number = Number(value)
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`${key} must be a whole number of ${unit}, 1 or more (it is "${value}")`)
    }
    return number
  }
}

const env = await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  LOG_LEVEL: Env.schema.enum.optional([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),
  // Checked below, so that a missing key stops the start with one clear line.
  APP_KEY: Env.schema.secret.optional(),
  APP_NAME: Env.schema.string.optional(),
  APP_DOMAIN: Env.schema.string.optional({ format: 'host' }),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  // Reverse proxies whose X-Forwarded-For is believed (start/trusted_proxies.ts).
  TRUSTED_PROXIES: (key: string, value?: string) => {
    try {
      return parseTrustedProxies(value)
    } catch (error) {
      throw new Error(`${key}: ${(error as Error).message}`)
    }
  },
  SESSION_DRIVER: Env.schema.enum.optional(['cookie', 'memory', 'redis', 'database'] as const),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_FILE: Env.schema.string.optional(),
  // A host name or address, or the directory of PostgreSQL's Unix socket.
  PG_HOST: Env.schema.string.optional(),
  PG_PORT: Env.schema.number.optional(),
  PG_USER: Env.schema.string.optional(),
  PG_PASSWORD: Env.schema.string.optional(),
  PG_DB_NAME: Env.schema.string.optional(),

  REDIS_HOST: Env.schema.string.optional({ format: 'host' }),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),

  // Behind deploy/nginx.conf: where its Nchan module takes live counts (it holds the pages' streams).
  LIVE_COUNTS_RELAY_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  MAIL_MAILER: Env.schema.enum.optional(['smtp', 'outbox'] as const),
  OUTBOX_PATH: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional({ format: 'email' }),
  CONTACT_EMAIL: Env.schema.string.optional({ format: 'email' }),

  // The transparency log's Ed25519 key (start/log_signing_key.ts); unset: made once and kept in the database.
  LOG_SIGNING_KEY: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    try {
      parseLogSigningKey(value)
      return value
    } catch (error) {
      throw new Error(`${key}: ${(error as Error).message}`)
    }
  },
  TURNSTILE_SITE_KEY: Env.schema.string.optional(),
  TURNSTILE_SECRET_KEY: Env.schema.string.optional(),
  TURNSTILE_VERIFY_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  GITHUB_CLIENT_ID: Env.schema.string.optional(),
  GITHUB_CLIENT_SECRET: Env.schema.string.optional(),
  GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  GOOGLE_CLIENT_SECRET: Env.schema.string.optional(),
  // Provider endpoints, for tests against a local fake provider.
  GITHUB_AUTHORIZE_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GITHUB_ACCESS_TOKEN_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GITHUB_USER_INFO_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GITHUB_USER_EMAIL_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GOOGLE_AUTHORIZE_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GOOGLE_ACCESS_TOKEN_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GOOGLE_USER_INFO_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  X_USER_NAME: Env.schema.string.optional(),
  SEED_DEMO: Env.schema.boolean.optional(),
  RATE_LIMIT_FACTOR: Env.schema.number.optional(),
  // When one network or e-mail domain makes a petition's signing unusual (config/fraud.ts).
  UNUSUAL_SIGNING_PER_HOUR: wholeNumber('signatures'),
  UNUSUAL_SIGNING_SHARE: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    const share = Number(value)
    if (!(share > 0 && share <= 1)) {
      throw new Error(
        `${key} must be a share above 0 and at most 1, such as 0.1 (it is "${value}")`
      )
    }
    return share
  },
  UNUSUAL_SIGNING_SHARE_MIN: wholeNumber('signatures'),
  // Live-count streams one address may hold open at once (default 20).
  LIVE_STREAMS_PER_ADDRESS: wholeNumber('streams'),
  // Live-count streams one worker process may hold (default: its open files allow, less 2,048).
  LIVE_STREAMS_PER_PROCESS: wholeNumber('streams'),
  STORAGE_PATH: Env.schema.string.optional(),
  // Where uploads go: fs (STORAGE_PATH) or s3; checked in start/safe_settings.ts.
  DRIVE_DISK: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  // A CDN or the bucket's public address, where visitors read the pictures.
  S3_PUBLIC_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  QUEUE_DRIVER: Env.schema.enum.optional(['database', 'redis', 'sync'] as const),
  QUEUE_INLINE_WORKER: Env.schema.boolean.optional(),
  PETITION_PAGE_CACHE_MS: Env.schema.number.optional(),
  WEB_CONCURRENCY: Env.schema.number.optional(),
  // Under the supervisor, signers' mails leave from a mail worker of their own (false: from the web workers).
  MAIL_PROCESS: Env.schema.boolean.optional(),
  // Bearer token of GET /metrics (Prometheus); unset, the address answers 404.
  METRICS_TOKEN: Env.schema.string.optional(),
  LIMITER_STORE: Env.schema.enum.optional(['database', 'memory', 'redis'] as const),
  // Webhooks may go to loopback and private addresses (tests, development; refused in production).
  WEBHOOKS_ALLOW_PRIVATE: Env.schema.boolean.optional(),
  // OpenID Connect providers for verified identity: a JSON array, checked in start/safe_settings.ts.
  IDENTITY_PROVIDERS: Env.schema.string.optional(),
  // Whether owners may take only verified signatures (allowed, the default, or forbidden); checked in start/safe_settings.ts.
  VERIFIED_SIGNATURES_REQUIRED: Env.schema.string.optional(),
  // Months a finished petition keeps its signers' personal data (default 12).
  SIGNATURE_RETENTION_MONTHS: wholeNumber('months'),
})

/**
 * Settings that would hurt a real site stop the start with one line naming
 * the variable (exit code 78, "configuration error"), before anything runs.
 */
const refusal = unsafeSetting(env)
if (refusal) {
  console.error(`Refusing to start: ${refusal}`)
  process.exit(78)
}

export default env
