import { createHmac } from 'node:crypto'
import { appKey } from '#config/app'
import { signerNetwork } from '#support/address_block'

/**
 * What a signature keeps to tell a signing attack from a crowd, and nothing
 * that names the signer: a keyed hash of their network (never the address,
 * nor the network itself) and their e-mail's domain. The key is derived
 * from the app's secret, so the same network hashes alike in one
 * deployment and differently in any other, and nobody without the key can
 * test a guessed address against it. Both are erased with the signature's
 * other personal data.
 */
export function networkHash(ip: string, key: string = appKey.release()): string | null {
  const network = signerNetwork(ip)
  if (!network) return null
  return createHmac('sha256', key)
    .update(`signer-network:${network}`)
    .digest('base64url')
    .slice(0, 22)
}

/** The domain of an address, lower-cased (`Example.ORG` → `example.org`); null without one. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@')
  if (at < 0 || at === email.length - 1) return null
  return email.slice(at + 1).toLowerCase()
}
