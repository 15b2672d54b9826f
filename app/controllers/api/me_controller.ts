import type { HttpContext } from '@adonisjs/core/http'

/** GET /api/v1/me: whom a token belongs to and what it may do, for an integrator to check it. */
export default class MeController {
  async show({ auth }: HttpContext) {
    const member = auth.use('api').getUserOrFail()
    const token = member.currentAccessToken
    return {
      id: member.id,
      name: member.fullName,
      token: {
        name: token.name,
        abilities: token.abilities,
        expiresAt: token.expiresAt?.toISOString() ?? null,
      },
    }
  }
}
