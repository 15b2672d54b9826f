import logger from '@adonisjs/core/services/logger'

/**
 * How long a publication may take before it is given up (the next flush
 * sends newer counts): nginx answers once it has written the message to
 * the pages of its worker, a second or more for a crowd of 100,000.
 */
const PUBLISH_TIMEOUT_MS = 5000

/**
 * Live counts handed to nginx (deploy/nginx.conf, its Nchan module), which
 * holds the open pages' streams itself when LIVE_COUNTS_RELAY_URL names
 * its publishing server: one POST per petition and flush, from the worker
 * that flushed, and nginx writes the message to every page following that
 * petition, on whichever node's counts they came. A crowd of pages then
 * costs the nodes no connection and no write.
 */
export class LiveCountsRelay {
  #unreachable = false

  constructor(private url: () => string | undefined) {}

  get enabled() {
    return Boolean(this.url())
  }

  /** Publishes `message` (the stream's data, as the app's own streams send it) for the petition `guid`. */
  async publish(guid: string, message: string) {
    const base = this.url()
    if (!base) return
    try {
      const response = await fetch(`${base}/${guid}`, {
        method: 'POST',
        body: message,
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS),
      })
      await response.body?.cancel()
      if (!response.ok) throw new Error(`nginx answered ${response.status}`)
      if (this.#unreachable) logger.info('live counts reach nginx again')
      this.#unreachable = false
    } catch (error) {
      // Once per outage: every flush would say it again.
      if (!this.#unreachable) logger.warn({ err: error }, 'live counts could not reach nginx')
      this.#unreachable = true
    }
  }
}
