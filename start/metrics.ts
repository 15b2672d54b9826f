/*
|--------------------------------------------------------------------------
| Metrics of a worker
|--------------------------------------------------------------------------
|
| Under the supervisor (`npm start`), a worker sends its metrics to the
| supervisor when a scrape asks for them, from its start on: the sum would
| miss it otherwise (app/support/metrics/cluster_aggregation.ts).
|
*/
import { processMetrics } from '#runtime/metrics/process_metrics'
import { isSupervisedWorker, joinWorkerMetrics } from '#support/metrics/cluster_aggregation'

if (isSupervisedWorker()) joinWorkerMetrics(processMetrics)
