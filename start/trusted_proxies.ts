/*
|--------------------------------------------------------------------------
| Trusted proxies
|--------------------------------------------------------------------------
|
| TRUSTED_PROXIES lists the reverse proxies and CDNs whose X-Forwarded-For
| header the app believes: a comma-separated list of addresses and CIDR
| ranges, or `false` (or empty) for none. Without it, only loopback is
| trusted, as a proxy on the same machine. `request.ip()`, which every rate
| limit keys on, is then the client's address instead of the proxy's, and a
| client talking to the app directly cannot choose its address by sending
| the header itself.
|
*/
import { BlockList, isIP } from 'node:net'

export const DEFAULT_TRUSTED_PROXIES = '127.0.0.1/8, ::1'

/** One address or CIDR range (`10.0.0.0/8`, `2001:db8::/32`), or null when malformed. */
function parseEntry(entry: string) {
  const [address, prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length > 0) return null
  const family = version === 6 ? ('ipv6' as const) : ('ipv4' as const)
  if (prefix === undefined) return { address, family, prefix: null }
  const bits = Number(prefix)
  const max = version === 6 ? 128 : 32
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return null
  return { address, family, prefix: bits }
}

/**
 * The entries of a TRUSTED_PROXIES value (the default when unset, none for
 * `false` or empty). Throws naming the first entry that is not an address
 * or a CIDR range.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const setting = (value ?? DEFAULT_TRUSTED_PROXIES).trim()
  if (setting === '' || setting.toLowerCase() === 'false') return []
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    if (!parseEntry(entry)) {
      throw new Error(
        `"${entry}" is not an IP address or a CIDR range (use a comma-separated list, or false for none)`
      )
    }
  }
  return entries
}

/**
 * The `http.trustProxy` function AdonisJS hands to proxy-addr: whether the
 * peer at `address` is one of the trusted proxies.
 */
export function trustProxiesIn(entries: string[]): (address: string, hop: number) => boolean {
  if (entries.length === 0) return () => false
  const trusted = new BlockList()
  for (const entry of entries) {
    const { address, family, prefix } = parseEntry(entry)!
    if (prefix === null) trusted.addAddress(address, family)
    else trusted.addSubnet(address, prefix, family)
  }
  return (address) => {
    const version = isIP(address)
    // IPv4 peers of a dual-stack socket (::ffff:127.0.0.1) match IPv4 ranges too.
    return version !== 0 && trusted.check(address, version === 6 ? 'ipv6' : 'ipv4')
  }
}
