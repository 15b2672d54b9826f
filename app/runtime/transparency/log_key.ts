import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
} from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { parseLogSigningKey } from '#start/log_signing_key'
import { LOG_STATE } from '#runtime/transparency/log_tables'

/** The log's public key as a JWK (RFC 8037), with a key id: the SHA-256 of its bytes. */
export type LogPublicKey = {
  kty: 'OKP'
  crv: 'Ed25519'
  x: string
  alg: 'EdDSA'
  use: 'sig'
  kid: string
}

type LogKey = { privateKey: KeyObject; jwk: LogPublicKey }

let loaded: Promise<LogKey> | null = null

function logKeyOf(privateKey: KeyObject): LogKey {
  const { x } = createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string }
  const kid = createHash('sha256').update(Buffer.from(x, 'base64url')).digest('base64url')
  return { privateKey, jwk: { kty: 'OKP', crv: 'Ed25519', x, alg: 'EdDSA', use: 'sig', kid } }
}

/**
 * The key a site without LOG_SIGNING_KEY made once: read from the log's
 * row, or made and stored there by the first process that needs it (the
 * conditional UPDATE keeps one key when two processes race).
 */
async function keptKey(): Promise<KeyObject> {
  const row = await db.from(LOG_STATE).where('id', 1).select('signing_key').first()
  if (row?.signing_key) return createPrivateKey(row.signing_key)
  const { privateKey } = generateKeyPairSync('ed25519')
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
  await db.from(LOG_STATE).where('id', 1).whereNull('signing_key').update({ signing_key: pem })
  const stored = await db.from(LOG_STATE).where('id', 1).select('signing_key').first()
  return stored?.signing_key ? createPrivateKey(stored.signing_key) : privateKey
}

/** The log's signing key, loaded once per process: LOG_SIGNING_KEY's, else the one the site kept. */
export function logKey(): Promise<LogKey> {
  const configured = env.get('LOG_SIGNING_KEY')
  loaded ??= (configured ? Promise.resolve(parseLogSigningKey(configured)) : keptKey()).then(
    logKeyOf
  )
  loaded.catch(() => (loaded = null))
  return loaded
}

/** Ed25519 signature of `bytes` with the log's key, base64. */
export async function signWithLogKey(bytes: Buffer) {
  const { privateKey } = await logKey()
  return sign(null, bytes, privateKey).toString('base64')
}
