import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isPetitionChannel, isStreamUid } from '#services/petitions/live_counts'

/**
 * Transmit's routes take what they are sent: a missing stream id is an
 * exception (a 500), any string is a channel. Here they get only a UUID as
 * the stream id and a petition's channel; anything else is a 400 before
 * Transmit sees it, so a stream is never opened for junk either.
 */
export default class LiveUpdatesInputMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    if (!isStreamUid(request.input('uid'))) return response.badRequest()
    const channel = request.input('channel')
    const opensStream = request.method() === 'GET'
    // The stream may name its channel; subscribing and unsubscribing must.
    if ((channel !== undefined || !opensStream) && !isPetitionChannel(channel)) {
      return response.badRequest()
    }
    return next()
  }
}
