import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isPetitionChannel, isStreamUid } from '#services/petitions/live_counts'

/**
 * Transmit's routes take what they are sent: a missing stream id is an
 * exception (a 500), any string is a channel. Here they get only a UUID as
 * the stream id and a petition's channel; anything else is a 400 before a
 * stream is opened or a subscription looked at. A stream must name its
 * channel, as pages open it: a stream for nothing would hold a socket and a
 * slot for nothing.
 */
export default class LiveUpdatesInputMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    if (!isStreamUid(request.input('uid')) || !isPetitionChannel(request.input('channel'))) {
      return response.badRequest()
    }
    return next()
  }
}
