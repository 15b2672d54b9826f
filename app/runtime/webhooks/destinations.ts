import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import env from '#start/env'
import { reachableAddress } from '#support/network_addresses'

export type RefusedDestination = 'invalid' | 'not_https' | 'not_public' | 'unresolvable'

export type DestinationJudgement =
  { allowed: true; url: URL; addresses: string[] } | { allowed: false; reason: RefusedDestination }

export type JudgeOptions = {
  /** Loopback and private addresses too (never link-local nor metadata); default WEBHOOKS_ALLOW_PRIVATE. */
  allowPrivate?: boolean
  /** Plain `http` too; default everywhere but production (there only with WEBHOOKS_ALLOW_PRIVATE). */
  allowHttp?: boolean
}

/** Whether a webhook may go to loopback and private addresses here (tests, development). */
export function privateDestinationsAllowed() {
  return env.get('WEBHOOKS_ALLOW_PRIVATE', false) === true
}

/**
 * Whether the site may send a webhook to `url`, and to which addresses.
 * The WHATWG URL parser reads the host as a browser would, so an IP written
 * in decimal, octal or hex (`http://2130706433/`) is the address it means;
 * a name is resolved, and refused when ANY of its addresses is not public
 * (a name that answers one public and one private address would otherwise
 * pick either). The sender connects only to the addresses judged here, so
 * a second answer of the name (DNS rebinding) cannot swap them.
 */
export async function judgeDestination(
  text: string | URL,
  options: JudgeOptions = {}
): Promise<DestinationJudgement> {
  const allowPrivate = options.allowPrivate ?? privateDestinationsAllowed()
  // Plain http only off production, or on a site allowed private destinations (nobody else reaches it).
  const allowHttp =
    options.allowHttp ?? (env.get('NODE_ENV') !== 'production' || privateDestinationsAllowed())
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { allowed: false, reason: 'invalid' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('invalid')
  if (url.hostname === '') return refused('invalid')
  if (url.protocol === 'http:' && !allowHttp) return refused('not_https')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : await resolved(host)
  if (!addresses) return refused('unresolvable')
  if (!addresses.every((address) => reachableAddress(address, { allowPrivate }))) {
    return refused('not_public')
  }
  return { allowed: true, url, addresses }
}

function refused(reason: RefusedDestination): DestinationJudgement {
  return { allowed: false, reason }
}

/** Every address a name resolves to; null when it resolves to none. */
async function resolved(host: string): Promise<string[] | null> {
  try {
    const answers = await lookup(host, { all: true, verbatim: true })
    return answers.length > 0 ? answers.map((answer) => answer.address) : null
  } catch {
    return null
  }
}
