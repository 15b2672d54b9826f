/*
|--------------------------------------------------------------------------
| Settings that must never reach a real site
|--------------------------------------------------------------------------
|
| Checked by start/env.ts before anything else runs. A missing APP_KEY is
| refused everywhere (`npm start` and `npm run dev` write one into .env);
| the rest only in production, where each would quietly hurt real people.
|
*/

import { parseIdentityProviders } from '#support/identity_providers'

type Settings = { get(key: string, defaultValue?: unknown): any }

/** The disks DRIVE_DISK may name (app/support/uploads.ts DRIVE_DISKS). */
const DRIVE_DISKS = ['fs', 's3']

/** What VERIFIED_SIGNATURES_REQUIRED may say (unset: allowed). */
export const VERIFIED_SIGNATURES_SETTINGS = ['allowed', 'forbidden'] as const

/** Keys published in this repository (the test suite's): anyone could sign cookies and links with them. */
const PUBLISHED_APP_KEYS = new Set(['test-only-key-not-secret-0123456789abcdef'])
const MIN_APP_KEY_LENGTH = 32

/** The mailer in use: MAIL_MAILER, else SMTP when SMTP_HOST is set, else the local outbox. */
export function chosenMailer(env: Settings): 'smtp' | 'outbox' {
  return env.get('MAIL_MAILER') || (env.get('SMTP_HOST') ? 'smtp' : 'outbox')
}

/** What makes this configuration unsafe, as one line naming the variable, or null. */
export function unsafeSetting(env: Settings): string | null {
  const appKey: string | undefined = env.get('APP_KEY')?.release()
  if (!appKey) {
    return 'APP_KEY is missing: `npm start` writes one into .env; elsewhere set a random secret of at least 32 characters'
  }
  const disk = env.get('DRIVE_DISK')
  if (disk !== undefined && disk !== '' && !DRIVE_DISKS.includes(disk)) {
    return `DRIVE_DISK must be fs (the local folder STORAGE_PATH) or s3 (a bucket) (it is "${disk}")`
  }
  if (disk === 's3' && !env.get('S3_BUCKET')) {
    return 'DRIVE_DISK is s3 but S3_BUCKET is not set: name the bucket (with S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)'
  }
  const identityProviders = parseIdentityProviders(env.get('IDENTITY_PROVIDERS'), {
    production: env.get('NODE_ENV') === 'production',
  })
  if (identityProviders.error) return identityProviders.error
  const verifiedSignatures = env.get('VERIFIED_SIGNATURES_REQUIRED')
  if (
    verifiedSignatures !== undefined &&
    verifiedSignatures !== '' &&
    !(VERIFIED_SIGNATURES_SETTINGS as readonly string[]).includes(verifiedSignatures)
  ) {
    return `VERIFIED_SIGNATURES_REQUIRED must be allowed (owners may take only verified signatures) or forbidden (it is "${verifiedSignatures}")`
  }
  if (env.get('NODE_ENV') !== 'production') return null

  if (appKey.length < MIN_APP_KEY_LENGTH || PUBLISHED_APP_KEYS.has(appKey)) {
    return 'APP_KEY is short or published in the repository: set a random secret of at least 32 characters'
  }
  if (chosenMailer(env) === 'outbox') {
    return 'MAIL_MAILER would keep every mail in the local outbox: set SMTP_HOST (with SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD)'
  }
  if (env.get('RATE_LIMIT_FACTOR', 1) <= 0) {
    return 'RATE_LIMIT_FACTOR is 0 or less, which turns every rate limit off: remove it or set 1'
  }
  const appUrl: string = env.get('APP_URL') || ''
  // Only a site nobody else can reach (the benchmark's, at https://localhost) may send to them.
  if (env.get('WEBHOOKS_ALLOW_PRIVATE') && !/^https:\/\/localhost(:\d+)?\/?$/.test(appUrl)) {
    return 'WEBHOOKS_ALLOW_PRIVATE lets webhooks reach loopback and private addresses: remove it in production'
  }
  if (!appUrl.startsWith('https://')) {
    return `APP_URL must be the site's https:// address (it is "${appUrl}")`
  }
  return null
}
