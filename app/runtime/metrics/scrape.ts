import { processMetrics } from '#runtime/metrics/process_metrics'
import { sharedStateText } from '#runtime/metrics/shared_state_metrics'
import { isSupervisedWorker, workersMetrics } from '#support/metrics/cluster_aggregation'

/** The content type of the answer: Prometheus's text format. */
export const METRICS_CONTENT_TYPE = processMetrics.contentType

/**
 * Everything a scrape reads: the requests, signatures, mails and streams of
 * every worker of this node, added up by the supervisor (or this process's
 * own when it serves alone: `node ace serve`, tests), then the shared state
 * (counter rows, queue) read once.
 */
export async function scrapeMetrics() {
  const [perProcess, shared] = await Promise.all([
    isSupervisedWorker() ? workersMetrics() : processMetrics.metrics(),
    sharedStateText(),
  ])
  return perProcess + shared
}
