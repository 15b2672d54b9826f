import { isIP } from 'node:net'

/**
 * The addresses one client holds, as a key for limits on what it holds open:
 * an IPv4 address alone; for IPv6, its /64, since a single subscriber gets a
 * whole /64 and can use a new address of it for every connection. An IPv4
 * address written as IPv6 (`::ffff:203.0.113.7`) is that IPv4 address.
 * Anything else is returned as it is.
 */
export function addressBlock(ip: string): string {
  const address = ip.split('%')[0]
  const version = isIP(address)
  if (version === 4) return address
  if (version !== 6) return ip
  const groups = ipv6Groups(address)
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (mapped) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
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
