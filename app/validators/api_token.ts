import vine from '@vinejs/vine'
import { API_ABILITIES, API_TOKEN_MAX_DAYS } from '#shared/api_access'

/** Its messages live in tokens.json (`tokens.validator`), with the rest of the tokens' texts. */
export const API_TOKEN_MESSAGES = 'tokens.validator'

/**
 * My/Account, "API tokens": a name the member recognises the token by, what
 * it may do (one ability at least, each once), and how many days it lives
 * (a year at most; the service's default when not said).
 */
export const apiTokenValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(60),
  abilities: vine
    .array(vine.enum(API_ABILITIES))
    .minLength(1)
    .maxLength(API_ABILITIES.length)
    .distinct(),
  expiresInDays: vine.number().withoutDecimals().range([1, API_TOKEN_MAX_DAYS]).optional(),
})
