import vine from '@vinejs/vine'
import { LIMITS } from '#shared/petitions/constants'
import { richTextRule } from '#validators/rules/rich_text'

/**
 * An official response to a petition: who answered, the day they did
 * (never in the future) and their text, sanitised rich text. Error keys:
 * responder, respondedOn, body.
 */
export const petitionResponseValidator = vine.create({
  responder: vine.string().trim().minLength(2).maxLength(LIMITS.responder),
  respondedOn: vine.date({ formats: ['YYYY-MM-DD'] }).beforeOrEqual('today'),
  body: vine.string().maxLength(LIMITS.responseBody).use(richTextRule()),
})
