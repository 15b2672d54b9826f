import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'

/**
 * Connections to webhook receivers, kept open between tries: a surge sends
 * thousands of messages a second to the same few endpoints, and a new TCP
 * (and TLS) connection for each cost more than the request itself. One
 * agent per destination *and* judged addresses: a socket is only ever
 * reused for the addresses it was opened to, so a name that now resolves
 * elsewhere gets a fresh, newly judged connection.
 */

/** Sockets open at once to one destination: a receiver is not flooded. */
const SOCKETS_PER_DESTINATION = 8
/**
 * An idle socket is closed before common servers close it (Node's 5 s):
 * a request sent on a socket the server is closing fails. A server that
 * announces a shorter `Keep-Alive: timeout` is honoured by Node itself.
 */
const IDLE_SOCKET_MS = 4_000
/** Destinations kept; the least recently used one is closed beyond. */
const MAX_DESTINATIONS = 500

const agents = new Map<string, http.Agent>()

/** A lookup that answers only the judged addresses, whatever the name resolves to now. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const found = addresses.map((address) => ({ address, family: isIP(address) }))
  return (_hostname, options, callback) => {
    if (options.all) callback(null, found)
    else callback(null, found[0].address, found[0].family)
  }
}

/** The keep-alive agent that connects to `url` at exactly `addresses`. */
export function agentFor(url: URL, addresses: string[]): http.Agent {
  const key = `${url.protocol}//${url.host} ${addresses.join(',')}`
  const kept = agents.get(key)
  if (kept) {
    // Most recently used last: the first one is the one to close.
    agents.delete(key)
    agents.set(key, kept)
    return kept
  }
  const Agent = url.protocol === 'https:' ? https.Agent : http.Agent
  const agent = new Agent({
    keepAlive: true,
    maxSockets: SOCKETS_PER_DESTINATION,
    maxFreeSockets: SOCKETS_PER_DESTINATION,
    timeout: IDLE_SOCKET_MS,
    scheduling: 'lifo',
    lookup: pinnedLookup(addresses),
  })
  agents.set(key, agent)
  if (agents.size > MAX_DESTINATIONS) {
    const [oldestKey, oldest] = agents.entries().next().value!
    agents.delete(oldestKey)
    oldest.destroy()
  }
  return agent
}

/** Closes every kept connection (shutdown, tests). */
export function closeWebhookConnections() {
  for (const agent of agents.values()) agent.destroy()
  agents.clear()
}
