import { createPrivateKey, type KeyObject } from 'node:crypto'

/** PKCS#8's wrapping of a raw Ed25519 seed (RFC 8410): these 16 bytes, then the 32 of the seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * The transparency log's signing key as LOG_SIGNING_KEY gives it: a PKCS#8
 * PEM (its newlines may be written `\n`), or the base64 of the key's
 * 32-byte seed. Anything else, or a key of another kind, throws one line.
 */
export function parseLogSigningKey(value: string): KeyObject {
  const text = value.trim().replaceAll('\\n', '\n')
  let key: KeyObject
  try {
    if (text.startsWith('-----BEGIN')) {
      key = createPrivateKey(text)
    } else {
      const seed = Buffer.from(text, 'base64')
      if (seed.length !== 32) throw new Error('not 32 bytes')
      key = createPrivateKey({
        key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
        format: 'der',
        type: 'pkcs8',
      })
    }
  } catch {
    throw new Error(
      'must be an Ed25519 private key: a PKCS#8 PEM or the base64 of its 32-byte seed'
    )
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('must be an Ed25519 key')
  return key
}
