import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Live counts on petition pages (`services/petitions/live_counts`): the
 * channels' access rule, the broadcast after each counter flush and, without
 * Redis, the poll of the petitions this worker's streams watch; and the
 * streams themselves (`services/petitions/live_streams`): their slots
 * renewed and their age kept. Only in a process that serves pages.
 */
export default class LiveCountsProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const { liveCounts } = await import('#services/petitions/live_counts')
    const { liveStreams } = await import('#services/petitions/live_streams')
    const { default: transmit } = await import('@adonisjs/transmit/services/main')
    // Public data only: only an open petition's channel can be joined.
    transmit.authorize<{ guid: string }>(
      'petitions/:guid',
      async (_ctx, { guid }) => (await liveCounts.channelState(guid)) === 'open'
    )
    liveCounts.start()
    liveStreams.start()
    // Registered before the HTTP server's own hook, which waits for every
    // answer to end: the streams end first (their slots given back), or a
    // stopping worker would wait for its open pages until the supervisor kills it.
    this.app.terminating(() => liveStreams.close())
  }

  async shutdown() {
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const { liveCounts } = await import('#services/petitions/live_counts')
    const { liveStreams } = await import('#services/petitions/live_streams')
    liveCounts.stop()
    liveStreams.stop()
  }
}
