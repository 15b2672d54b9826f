import type { HttpContext } from '@adonisjs/core/http'
import { addressBlock } from '#support/address_block'
import { guidOf } from '#runtime/live/live_count_messages'
import { POLL_INSTEAD, liveStreams } from '#runtime/live/live_streams'
import { liveCounts } from '#runtime/live/live_counts'

/**
 * An open petition page's live counts: its stream (server-sent events) or,
 * past the stream cap of the worker it reached, the counts document it
 * reads every second instead.
 */
export default class LiveStreamsController {
  /**
   * GET /__transmit/events?channel=petitions/{guid} (Transmit's path, which
   * pages opened before an upgrade still ask for): the stream, once
   * `liveStreams` admitted it. The middleware let through only a petition's channel.
   */
  async open({ request, response }: HttpContext) {
    const ip = request.ip()
    // A visitor who left before the stream was admitted: there is nobody to admit.
    if (!ip || request.request.socket.destroyed) return
    const channel: string = request.input('channel')
    const admission = await liveStreams.admit(addressBlock(ip), guidOf(channel))
    if (admission.status === 'full') {
      return response.header('Content-Type', 'text/event-stream').send(POLL_INSTEAD)
    }
    if (admission.status !== 200) return response.status(admission.status).send('')
    liveStreams.open(admission.slot, channel, response.response, response.getHeaders())
  }

  /** GET /petition/{guid}/counts: what the stream's last message said, as JSON, kept a second. */
  async counts({ params, response }: HttpContext) {
    const document = await liveCounts.countsDocument(params.guid)
    if (document.status !== 200) return response.status(document.status).send('')
    return response.header('Content-Type', 'application/json; charset=utf-8').send(document.body)
  }
}
