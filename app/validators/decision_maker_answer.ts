import vine from '@vinejs/vine'
import { LIMITS } from '#shared/petitions/constants'
import { richTextRule } from '#validators/rules/rich_text'

/**
 * A decision maker's answer through their mailed link: their name, their
 * role and their text, sanitised rich text as official responses are.
 * Error keys: responder, responderRole, body.
 */
export const decisionMakerAnswerValidator = vine.create({
  responder: vine.string().trim().minLength(2).maxLength(LIMITS.responder),
  responderRole: vine.string().trim().maxLength(LIMITS.responderRole).nullable().optional(),
  body: vine.string().maxLength(LIMITS.responseBody).use(richTextRule()),
})
