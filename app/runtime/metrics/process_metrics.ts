import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * What this process counts by itself: its requests, the signatures, the
 * confirmations and the mails it handled, its open live-count streams (a
 * gauge runtime/live/live_streams adds), and
 * prom-client's default process metrics (memory, CPU, event loop, GC).
 * Under the supervisor each worker keeps its own, and a scrape adds them up
 * across the workers (cluster_metrics.ts), so that a count never depends on
 * which worker answered.
 */
export const processMetrics = new Registry()

collectDefaultMetrics({ register: processMetrics })

export const httpRequests = new Counter({
  name: 'undersign_http_requests_total',
  help: 'HTTP requests answered, by route name (or pattern) and status code',
  labelNames: ['route', 'status'] as const,
  registers: [processMetrics],
})

export const httpRequestDuration = new Histogram({
  name: 'undersign_http_request_duration_seconds',
  help: 'Time from a request to the end of its answer, by route name (or pattern) and status code',
  labelNames: ['route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
})

export const signaturesCreated = new Counter({
  name: 'undersign_signatures_created_total',
  help: 'Signatures stored by the sign form (new or replacing an unconfirmed one)',
  registers: [processMetrics],
})

export const signatureConfirmations = new Counter({
  name: 'undersign_signature_confirmations_total',
  help: 'Signatures confirmed by their mailed link',
  registers: [processMetrics],
})

export const mailsSent = new Counter({
  name: 'undersign_mails_sent_total',
  help: 'Mails the mail server accepted',
  registers: [processMetrics],
})

export const mailsFailed = new Counter({
  name: 'undersign_mails_failed_total',
  help: 'Attempts to send a mail that failed (the mail is tried again, up to its limit)',
  registers: [processMetrics],
})
