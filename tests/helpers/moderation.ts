import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type User from '#models/user'
import { ROLE_MODERATOR } from '#models/user'
import { makeMember } from '#tests/helpers/auth'

/** A moderator, Ines Roth unless told otherwise. */
export function makeModerator(overrides: Record<string, unknown> = {}) {
  return makeMember({ role: ROLE_MODERATOR, firstName: 'Ines', lastName: 'Roth', ...overrides })
}

/**
 * A moderator's action on a petition, with its reason, posted from the page
 * `from` (the queue unless told otherwise), which the answer goes back to.
 */
export function moderate(
  client: ApiClient,
  moderator: User,
  petition: Petition,
  action: string,
  reason: string,
  from = '/moderation'
) {
  return client
    .post(`/moderation/petitions/${petition.id}/${action}`)
    .header('referer', from)
    .form({ reason })
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}

/**
 * A moderator hides a petition from the queue (or `from`): a reason of the
 * list and a note for the log, as the hide dialog sends them.
 */
export function hide(
  client: ApiClient,
  moderator: User,
  petition: Petition,
  form: { reason?: string; note?: string },
  from = '/moderation'
) {
  return client
    .post(`/moderation/petitions/${petition.id}/hide`)
    .header('referer', from)
    .form(form)
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}
