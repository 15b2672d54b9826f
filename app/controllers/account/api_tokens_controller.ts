import type { HttpContext } from '@adonisjs/core/http'
import { apiTokenValidator, API_TOKEN_MESSAGES } from '#validators/api_token'
import { createApiToken, revokeApiToken, TooManyApiTokens } from '#services/api_tokens/tokens'
import { flash } from '#support/http/flash'
import { flashNewApiToken } from '#support/http/new_api_token'
import { API_TOKENS_PER_MEMBER } from '#shared/api_access'

/** My/Account, "API tokens": a member makes tokens for their tools, and revokes them. */
export default class ApiTokensController {
  /** The new token's value goes to the next page once, in the flash, and nowhere else. */
  async store(ctx: HttpContext) {
    const { request, response, auth, i18n } = ctx
    const wanted = await request.validateUsing(apiTokenValidator, {
      messagesProvider: i18n.createMessagesProvider(API_TOKEN_MESSAGES),
    })
    try {
      const { token, value } = await createApiToken(auth.getUserOrFail(), wanted)
      flashNewApiToken(ctx, { id: Number(token.identifier), name: token.name ?? '', value })
    } catch (error) {
      if (!(error instanceof TooManyApiTokens)) throw error
      flash(ctx, {
        type: 'error',
        key: 'tokens.flash.too_many',
        params: { max: API_TOKENS_PER_MEMBER },
      })
    }
    return response.redirect().toRoute('my.account')
  }

  async destroy(ctx: HttpContext) {
    const { params, response, auth } = ctx
    await revokeApiToken(auth.getUserOrFail(), Number(params.id))
    flash(ctx, { type: 'success', key: 'tokens.flash.revoked' })
    return response.redirect().toRoute('my.account')
  }
}
