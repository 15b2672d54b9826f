import cluster from 'node:cluster'
import { createServer, type RequestListener, type Server } from 'node:http'

/** A worker's word to the supervisor that it listens, as the cluster's 'listening' would say. */
export const WORKER_LISTENING = 'undersign:worker:listening'
/** How long a node keeps an idle connection open: longer than nginx does (deploy/nginx.conf). */
const NODE_KEEP_ALIVE_MS = 75_000

/**
 * The HTTP server of a supervised worker, listening on a socket of its own
 * bound with SO_REUSEPORT to the shared port: the kernel spreads the new
 * connections over the workers' sockets evenly. On a socket the workers
 * share, whichever worker's loop comes back first takes the next
 * connection, and a burst of keep-alive connections (nginx's to its
 * upstream, a load test's) could all land on one worker while the other
 * cores idle. Nothing waits on a dead worker: its socket's queued
 * connections are reset with it, and the others' go on. Alone (one
 * process, `ace serve`, tests), the server listens as usual.
 */
export function serverWithOwnSocket(handler: RequestListener): Server {
  const server = createServer(handler)
  // nginx keeps idle connections to a node for 60 s (its upstream's default): the
  // node must not close one first, or a POST nginx sends on it just then fails
  // (and is not retried). A busy nginx worker may look late, so with a margin.
  server.keepAliveTimeout = NODE_KEEP_ALIVE_MS
  server.headersTimeout = NODE_KEEP_ALIVE_MS + 1000
  if (!cluster.isWorker) return server
  // A socket of its own is not the cluster's: the supervisor hears of it from the worker.
  server.once('listening', () =>
    process.send?.({ type: WORKER_LISTENING, address: server.address() })
  )
  const listen = server.listen.bind(server) as (...args: unknown[]) => Server
  server.listen = ((port: number, host: string, ...rest: unknown[]) =>
    listen({ port, host, reusePort: true, exclusive: true }, ...rest)) as Server['listen']
  return server
}
