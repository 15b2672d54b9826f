import queue from '@adonisjs/queue/services/main'
import { BaseCheck, Result } from '@adonisjs/core/health'

/** Jobs waiting beyond which the workers have fallen behind (mails would arrive late). */
const MOST_PENDING_JOBS = 10_000

/** The background queue answers, and its workers keep up: how many jobs wait. */
export class QueueDepthCheck extends BaseCheck {
  name = 'queue'

  async run() {
    try {
      const pending = await queue.use().size()
      const result =
        pending > MOST_PENDING_JOBS
          ? Result.failed(`${pending} jobs are waiting: the workers have fallen behind`)
          : Result.ok(`${pending} jobs are waiting`)
      return result.setMetaData({ pending })
    } catch (error) {
      return Result.failed('The queue does not answer', error as Error)
    }
  }
}
