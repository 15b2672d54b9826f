import type { HttpClient } from '@inertiajs/core'

/** Every request the site makes itself (visits, forms, uploads, deletes) gives up after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000

/** A request that got no whole answer in REQUEST_TIMEOUT_MS. */
export class RequestTimeout extends Error {
  constructor(url?: string) {
    super(`No answer within ${REQUEST_TIMEOUT_MS} ms${url ? ` (${url})` : ''}`)
    this.name = 'RequestTimeout'
  }
}

/**
 * Runs a request with a signal that aborts after REQUEST_TIMEOUT_MS, or when
 * `outer` (the caller's own cancel) does. Running out of time rejects with
 * RequestTimeout; a cancel rejects as the request itself does.
 */
export async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal,
  url?: string
): Promise<T> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, REQUEST_TIMEOUT_MS)
  const cancel = () => controller.abort(outer?.reason)
  if (outer?.aborted) cancel()
  else outer?.addEventListener('abort', cancel, { once: true })
  try {
    const result = await run(controller.signal)
    // A body cut off by the abort may have been read as empty.
    if (timedOut) throw new RequestTimeout(url)
    return result
  } catch (error) {
    throw timedOut ? new RequestTimeout(url) : error
  } finally {
    clearTimeout(timer)
    outer?.removeEventListener('abort', cancel)
  }
}

/**
 * Inertia's HTTP client with the time limit. A time-out is neither an
 * answer nor a cancel, so Inertia reports it as a network error
 * (`networkError` event): the page and its form stay as they are.
 */
export function withRequestTimeout(client: HttpClient): HttpClient {
  return {
    request: (config) =>
      withTimeout((signal) => client.request({ ...config, signal }), config.signal, config.url),
  }
}
