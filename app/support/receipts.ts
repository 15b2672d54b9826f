import { createHash, randomBytes } from 'node:crypto'

/**
 * A signature's receipt secret: 16 random bytes (base64url), made when it
 * is signed. Only its signer is shown it; the log carries its commitment.
 */
export function newReceiptSecret() {
  return randomBytes(16).toString('base64url')
}

/** The commitment the log carries for a secret: base64url SHA-256 of the secret's bytes. */
export function commitmentOf(secret: string) {
  return createHash('sha256').update(Buffer.from(secret, 'base64url')).digest('base64url')
}

/** The commitment of a signature's secret, or none for a signature from before receipts. */
export function commitmentOrNull(secret: string | null | undefined) {
  return secret ? commitmentOf(secret) : null
}
