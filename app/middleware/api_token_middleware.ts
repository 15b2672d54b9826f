import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { ApiAbility } from '#shared/api_access'
import { recordTokenUse } from '#services/api_tokens/token_uses'

/**
 * The token routes: `Authorization: Bearer ust_…` from a member's API token
 * that holds the route's ability. A missing, unknown, expired or revoked
 * token gets 401, a token without the ability 403, both as JSON in the
 * site's language. A route that names no ability takes any valid token. No session and no cookie take part: the request's
 * member is the token's, and each use is recorded for them to see.
 */
export default class ApiTokenMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { ability?: ApiAbility } = {}) {
    const { auth, response, request, i18n } = ctx
    const guard = auth.use('api')
    if (!(await guard.check())) {
      response.header('WWW-Authenticate', 'Bearer realm="api"')
      return response.unauthorized({
        errors: [{ code: 'unauthorized', message: i18n.t('api.errors.unauthorized') }],
      })
    }
    const token = guard.user!.currentAccessToken
    if (options.ability && !token.allows(options.ability)) {
      return response.forbidden({
        errors: [
          {
            code: 'forbidden',
            message: i18n.t('api.errors.forbidden', { ability: options.ability }),
          },
        ],
      })
    }
    await recordTokenUse(token, request.method(), request.url())
    return next()
  }
}
