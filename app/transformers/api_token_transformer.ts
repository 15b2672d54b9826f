import type { AccessToken } from '@adonisjs/auth/access_tokens'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ApiAbility, ApiTokenUse } from '#shared/api_access'

/**
 * One of the member's API tokens on their settings page: its name, what it
 * may do, its dates and latest uses. Never its hash, and never its value,
 * which only the page right after its making shows.
 */
export default class ApiTokenTransformer extends BaseTransformer<AccessToken> {
  constructor(
    resource: AccessToken,
    private uses: ApiTokenUse[] = []
  ) {
    super(resource)
  }

  toObject() {
    const token = this.resource
    return {
      id: Number(token.identifier),
      name: token.name ?? '',
      abilities: token.abilities as ApiAbility[],
      createdAt: token.createdAt.toISOString(),
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
      expiresAt: token.expiresAt?.toISOString() ?? null,
      expired: token.isExpired(),
      uses: this.uses,
    }
  }
}
