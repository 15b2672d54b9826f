import vine from '@vinejs/vine'
import { LIMITS } from '#shared/petitions/constants'
import { richTextRule } from '#validators/rules/rich_text'
import { timeZoneRule, todayIn } from '#validators/rules/time_zone'

/**
 * An official response to a petition: who answered, the day they did
 * (never after today in the author's calendar: their time zone, else UTC)
 * and their text, sanitised rich text. Error keys: responder, respondedOn,
 * body, timeZone.
 */
export const petitionResponseValidator = vine.create({
  responder: vine.string().trim().minLength(2).maxLength(LIMITS.responder),
  respondedOn: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual((field) => todayIn(field.data.timeZone)),
  body: vine.string().maxLength(LIMITS.responseBody).use(richTextRule()),
  timeZone: vine.string().use(timeZoneRule()).optional(),
})

/** Why a moderator removes a decision maker's answer: kept in the audit trail. Error key: reason. */
export const answerRemovalValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(1000),
})
