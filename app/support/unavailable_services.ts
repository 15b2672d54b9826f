/**
 * Whether an error says that a server the site depends on (PostgreSQL,
 * Redis, the uploads' bucket) could not be reached or went away in the
 * middle of the request: the request failed for now and may succeed a
 * minute later (503), unlike a fault of the app itself (500). Wrapped
 * errors (Drive's, the S3 client's) are judged by their causes.
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, name, message, cause, errors } = error as {
    code?: unknown
    name?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresUnavailable(code))) {
    return true
  }
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) {
    return true
  }
  // An AggregateError (a host with several addresses, each refused) carries its own.
  const inner = Array.isArray(errors) ? errors : []
  return [cause, ...inner].some((each) => isServiceUnavailable(each, depth + 1))
}

/** Node's codes for a connection that was refused, cut or never made. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's SQLSTATE for a connection that failed (class 08) and for a
 * server shutting down, crashed or still starting (57P01 to 57P03).
 */
function isPostgresUnavailable(code: string) {
  return /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03'].includes(code)
}

/**
 * Errors named for a server that did not answer: knex waiting in vain for a
 * connection of its pool, ioredis giving up on a command while it
 * reconnects, the S3 client's time limit.
 */
const UNAVAILABLE_NAMES = new Set(['KnexTimeoutError', 'MaxRetriesPerRequestError', 'TimeoutError'])

/** Messages without a code: node-postgres's connection lost mid-query, ioredis's closed connection. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Connection is closed.',
  "Stream isn't writeable",
]
