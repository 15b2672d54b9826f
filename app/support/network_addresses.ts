import { isIP } from 'node:net'

/**
 * What an IP address is, for deciding whether the site may send a request
 * to it (a webhook): only `public` addresses are reachable from a real
 * site. `loopback` and `private` may be allowed for tests and development;
 * `link_local`, `metadata` (the clouds' instance metadata services, which
 * hand out credentials) and `reserved` never are.
 */
export type AddressKind = 'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'reserved'

type Range = { bytes: number[]; bits: number; kind: AddressKind }

function v4(cidr: string, kind: AddressKind): Range {
  const [address, bits] = cidr.split('/')
  return { bytes: address.split('.').map(Number), bits: Number(bits ?? 32), kind }
}

function v6(cidr: string, kind: AddressKind): Range {
  const [address, bits] = cidr.split('/')
  return { bytes: [...ipv6Bytes(address)!], bits: Number(bits ?? 128), kind }
}

/**
 * IPv4's special ranges, the most specific first (a metadata address lies
 * inside link-local or CGNAT space). Anything not listed is public.
 */
const IPV4_RANGES: Range[] = [
  v4('169.254.169.254', 'metadata'),
  v4('169.254.170.2', 'metadata'),
  v4('100.100.100.200', 'metadata'),
  v4('192.0.0.192', 'metadata'),
  v4('0.0.0.0/8', 'reserved'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'private'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link_local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'reserved'),
  v4('192.88.99.0/24', 'reserved'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'reserved'),
  v4('198.51.100.0/24', 'reserved'),
  v4('203.0.113.0/24', 'reserved'),
  v4('224.0.0.0/4', 'reserved'),
  v4('240.0.0.0/4', 'reserved'),
]

/**
 * IPv6's special ranges. Those that carry an IPv4 address (mapped,
 * compatible, NAT64, 6to4) are judged by that address instead; outside the
 * global unicast block 2000::/3 nothing is public.
 */
const IPV6_RANGES: Range[] = [
  v6('fd00:ec2::254', 'metadata'),
  v6('::/128', 'reserved'),
  v6('::1/128', 'loopback'),
  v6('64:ff9b:1::/48', 'reserved'),
  v6('100::/64', 'reserved'),
  v6('2001::/32', 'reserved'),
  v6('2001:10::/28', 'reserved'),
  v6('2001:20::/28', 'reserved'),
  v6('2001:db8::/32', 'reserved'),
  v6('fc00::/7', 'private'),
  v6('fe80::/10', 'link_local'),
  v6('fec0::/10', 'reserved'),
  v6('ff00::/8', 'reserved'),
]

const GLOBAL_UNICAST = v6('2000::/3', 'public')

function within(bytes: Uint8Array | number[], range: Range) {
  let bits = range.bits
  for (let index = 0; bits > 0; index++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff
    if ((bytes[index] & mask) !== (range.bytes[index] & mask)) return false
  }
  return true
}

/** The 16 bytes of an IPv6 address in any of its written forms (`::`, an embedded dotted quad); null if it is none. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIP(text) !== 6) return null
  const halves = text.split('::')
  const parse = (part: string) => {
    if (part === '') return []
    const words: number[] = []
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a, b, c, d] = piece.split('.').map(Number)
        words.push((a << 8) | b, (c << 8) | d)
      } else {
        words.push(Number.parseInt(piece, 16))
      }
    }
    return words
  }
  const head = parse(halves[0])
  const tail = halves.length > 1 ? parse(halves[1]) : []
  const groups = [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  groups.forEach((word, index) => {
    bytes[index * 2] = word >> 8
    bytes[index * 2 + 1] = word & 0xff
  })
  return bytes
}

function ipv4Kind(bytes: number[]): AddressKind {
  if (bytes.every((byte) => byte === 255)) return 'reserved'
  return IPV4_RANGES.find((range) => within(bytes, range))?.kind ?? 'public'
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any. */
function embeddedIpv4(bytes: Uint8Array): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  const last4 = [...bytes.slice(12, 16)]
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, but not :: or ::1).
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return last4
  if (zeros(0, 12) && !(zeros(12, 15) && bytes[15] <= 1)) return last4
  // 64:ff9b::a.b.c.d (NAT64) and 2002:aabb:ccdd::/48 (6to4).
  if (within(bytes, v6('64:ff9b::/96', 'reserved'))) return last4
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return [...bytes.slice(2, 6)]
  return null
}

/**
 * The kind of an IP address written as text (IPv4 dotted, IPv6 in any
 * form, with or without brackets); `reserved` for text that is no address.
 */
export function addressKind(address: string): AddressKind {
  const text = address.replace(/^\[|\]$/g, '')
  if (isIP(text) === 4) return ipv4Kind(text.split('.').map(Number))
  const bytes = ipv6Bytes(text)
  if (!bytes) return 'reserved'
  const embedded = embeddedIpv4(bytes)
  if (embedded) return ipv4Kind(embedded)
  const special = IPV6_RANGES.find((range) => within(bytes, range))
  if (special) return special.kind
  return within(bytes, GLOBAL_UNICAST) ? 'public' : 'reserved'
}

/**
 * Whether the site may connect to an address: public ones always;
 * loopback and private ones only when allowed (tests, development);
 * link-local, metadata and reserved ones never.
 */
export function reachableAddress(address: string, { allowPrivate = false } = {}) {
  const kind = addressKind(address)
  if (kind === 'public') return true
  return allowPrivate && (kind === 'loopback' || kind === 'private')
}
