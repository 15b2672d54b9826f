import { isIP } from 'node:net'

/**
 * The addresses one client holds, the key of every per-address limit (rate
 * limits, failed logins, a guest's open report, live streams held): an IPv4
 * address alone; for IPv6, its /64, since a single subscriber gets a whole
 * /64 and can use a new address of it for every request. An IPv4 address
 * written as IPv6 (`::ffff:203.0.113.7`) is that IPv4 address. Anything
 * else is returned as it is; no address at all (the framework gives none
 * once the client's socket has closed) is `unknown`, one shared block.
 */
export function addressBlock(ip: string | undefined): string {
  if (!ip) return 'unknown'
  const address = parsed(ip)
  if (!address) return ip
  if (address.version === 4) return address.ipv4
  return `${address.groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/**
 * The network a signer writes from, as the fraud checks group signatures:
 * an IPv4 address's /24, an IPv6 address's /48 (a site's allocation). Null
 * for anything that is not an IP address.
 */
export function signerNetwork(ip: string | undefined): string | null {
  if (!ip) return null
  const address = parsed(ip)
  if (!address) return null
  if (address.version === 4) return `${address.ipv4.split('.').slice(0, 3).join('.')}.0/24`
  return `${address.groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`
}

type Parsed = { version: 4; ipv4: string } | { version: 6; groups: number[] }

/** An address without its zone; an IPv4 address written as IPv6 is IPv4. */
function parsed(ip: string): Parsed | null {
  const address = ip.split('%')[0]
  const version = isIP(address)
  if (version === 4) return { version: 4, ipv4: address }
  if (version !== 6) return null
  const groups = ipv6Groups(address)
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (mapped) {
    const ipv4 = [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
    return { version: 4, ipv4 }
  }
  return { version: 6, groups }
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase()
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const parts = (side: string | undefined) => (side ? side.split(':') : [])
  const missing = tail === undefined ? 0 : 8 - parts(head).length - parts(tail).length
  return [...parts(head), ...Array.from({ length: missing }, () => '0'), ...parts(tail)].map(
    (group) => Number.parseInt(group, 16)
  )
}
