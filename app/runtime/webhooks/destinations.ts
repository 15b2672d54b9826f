/**
 * STAND-IN until the `webhooks` branch is merged, which brings the real
 * destination judge under this same path and signature (its version wins
 * the merge): an address is refused unless it is http(s), https outside
 * tests, and resolves only to public addresses.
 */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

export type DestinationJudgement =
  | { allowed: true; addresses: string[] }
  | { allowed: false; reason: 'invalid' | 'not_https' | 'not_public' | 'unresolvable' }

const notPublic = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv6')

export async function judgeDestination(
  url: string,
  options: { allowPrivate?: boolean } = {}
): Promise<DestinationJudgement> {
  const allowPrivate = options.allowPrivate ?? process.env.WEBHOOKS_ALLOW_PRIVATE === 'true'
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { allowed: false, reason: 'invalid' }
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password)
    return { allowed: false, reason: 'invalid' }
  if (parsed.protocol !== 'https:' && !allowPrivate) return { allowed: false, reason: 'not_https' }
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map(({ address }) => address),
        () => []
      )
  if (addresses.length === 0) return { allowed: false, reason: 'unresolvable' }
  const refused = addresses.some((address) =>
    notPublic.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
  )
  if (refused && !allowPrivate) return { allowed: false, reason: 'not_public' }
  return { allowed: true, addresses }
}
