import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Live counts on petition pages (`runtime/live/live_counts`): the messages
 * after each counter flush, through Redis to every worker or, without it,
 * the poll of the petitions this worker's streams watch; and the streams
 * themselves (`runtime/live/live_streams`): their slots renewed, their age
 * kept, quiet ones pinged. Only in a process that serves pages.
 */
export default class LiveCountsProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const { liveCounts } = await import('#runtime/live/live_counts')
    const { liveStreams } = await import('#runtime/live/live_streams')
    liveCounts.start()
    liveStreams.start()
    // Registered before the HTTP server's own hook, which waits for every
    // answer to end: the streams end first (their slots given back), or a
    // stopping worker would wait for its open pages until the supervisor kills it.
    this.app.terminating(() => liveStreams.close())
  }

  async shutdown() {
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const { liveCounts } = await import('#runtime/live/live_counts')
    const { liveStreams } = await import('#runtime/live/live_streams')
    liveCounts.stop()
    liveStreams.stop()
  }
}
