import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isPetitionChannel } from '#runtime/live/live_count_messages'

/**
 * A stream must name the channel it is for, a petition's, as pages open it
 * (`channel=petitions/{guid}`): anything else is a 400 before a stream is
 * admitted, since a stream for nothing would hold a socket and a slot for
 * nothing. A `uid` that pages of older bundles send is ignored.
 */
export default class LiveUpdatesInputMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    if (!isPetitionChannel(request.input('channel'))) return response.badRequest()
    return next()
  }
}
