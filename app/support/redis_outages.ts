import type { Redis } from 'ioredis'

/** The connections being watched, and whether each has lost its server. */
const watched = new WeakMap<Redis, { down: boolean }>()

/**
 * Watches a Redis connection: from the moment it loses its server (or its
 * first attempt finds none) until it reaches it again, it is down, and
 * commands sent on it fail at once instead of waiting in ioredis's offline
 * queue for a reconnection, so that a request answers without Redis (the
 * limiter's count in memory, a session served as a guest's, a 503) rather
 * than wait. Before its first attempt it queues as usual: its first
 * command is what connects it.
 */
export function watchRedisOutages(connection: Redis) {
  if (watched.has(connection)) return
  const state = { down: false }
  watched.set(connection, state)
  connection.on('close', () => {
    state.down = true
    connection.options.enableOfflineQueue = false
  })
  connection.on('ready', () => {
    state.down = false
    connection.options.enableOfflineQueue = true
  })
}

/** Whether a watched connection has lost its server and not found it again. */
export function isRedisDown(connection: Redis) {
  return watched.get(connection)?.down ?? false
}
