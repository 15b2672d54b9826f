/**
 * When a webhook delivery that failed is tried again: soon after a blip,
 * then further apart, for 24 hours from its first try in all. The delays
 * follow the try that failed (the first failure waits 5 s, the second
 * 5 min …); the last one takes whatever is left of the 24 hours. After the
 * last try fails, the delivery has failed for good.
 */
const FIRST_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600]

/** How long the retries of one delivery span, from its first try. */
export const WEBHOOK_RETRY_SPAN_SECONDS = 24 * 3600

export const WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = [
  ...FIRST_DELAYS_SECONDS,
  WEBHOOK_RETRY_SPAN_SECONDS - FIRST_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0),
]

/** Tries a delivery gets in all: the first and one per delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1

/**
 * The seconds to wait after the `attempts`-th try failed (1 for the first
 * try); null when that was the last.
 */
export function retryDelaySeconds(attempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1] ?? null
}
