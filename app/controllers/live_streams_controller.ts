import type { HttpContext } from '@adonisjs/core/http'
import transmit from '@adonisjs/transmit/services/main'
import { addressBlock } from '#support/address_block'
import { CHANNEL } from '#services/petitions/live_counts'
import { liveStreams } from '#services/petitions/live_streams'

/**
 * GET /__transmit/events?uid=…&channel=petitions/{guid}: an open petition
 * page's live-count stream (server-sent events), opened as Transmit's own
 * controller opens it once `liveStreams` admitted it, and joined to the
 * channel it names here, in the worker that holds it. The middleware let
 * through only a UUID and a petition's channel.
 */
export default class LiveStreamsController {
  async open(ctx: HttpContext) {
    const { request, response } = ctx
    const uid: string = request.input('uid')
    const channel: string = request.input('channel')
    const socket = response.response
    // A visitor who left before the stream was opened (their socket, and with it
    // their address, is gone): there is nobody to admit.
    const ip = request.ip()
    if (!ip || socket.destroyed) return
    // A visitor who leaves while the slot is being taken gets it given back at once.
    let gone = false
    const leave = () => (gone = true)
    socket.once('close', leave)
    const admission = await liveStreams.admit(addressBlock(ip), CHANNEL.exec(channel)![1])
    socket.off('close', leave)
    if (admission.status !== 200) return response.status(admission.status).send('')
    const { slot } = admission
    if (gone) return liveStreams.release(slot)

    const stream = transmit.createStream({
      uid,
      context: ctx,
      request: request.request,
      response: socket,
      injectResponseHeaders: response.getHeaders(),
    })
    socket.once('close', () => liveStreams.release(slot))
    liveStreams.hold(slot, () => stream.end())
    await transmit.subscribe({ uid, channel, context: ctx, skipAuthorization: true })
    return response.stream(stream)
  }
}
