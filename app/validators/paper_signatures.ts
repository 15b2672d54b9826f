import vine from '@vinejs/vine'
import {
  MAX_PAPER_BATCH_SIGNATURES,
  PAPER_PLACE_MAX_LENGTH,
  PAPER_REASON_MAX_LENGTH,
} from '#shared/petitions/paper'
import { timeZoneRule, todayIn } from '#validators/rules/time_zone'
import { databaseId } from '#validators/rules/database_id'

/** A picture of the sheets or of the hand-over, checked again by its bytes when stored. */
const photo = () => vine.file({ size: '10mb', extnames: ['png', 'jpg', 'jpeg'] })

/**
 * POST /petition/{guid}/paper: a batch of paper signatures, as the owner
 * counted them: how many, where and when (never after today in their
 * calendar), and the photo of the sheets. Error keys: signatures, place,
 * collectedOn, photo, timeZone.
 */
export const paperBatchValidator = vine.create({
  signatures: vine.number().withoutDecimals().min(1).max(MAX_PAPER_BATCH_SIGNATURES),
  place: vine.string().trim().minLength(2).maxLength(PAPER_PLACE_MAX_LENGTH),
  collectedOn: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual((field) => todayIn(field.data.timeZone)),
  photo: photo(),
  timeZone: vine.string().use(timeZoneRule()).optional(),
})

/**
 * POST /moderation/petitions/{id}/paper/{batch}/{decision}: a moderator's
 * decision on a batch; a rejection must say why (error key reason).
 */
export const paperDecisionValidator = vine.create({
  decision: vine.enum(['verify', 'reject'] as const),
  reason: vine
    .string()
    .trim()
    .maxLength(PAPER_REASON_MAX_LENGTH)
    .optional()
    .requiredWhen('decision', '=', 'reject'),
})

/**
 * POST /petition/{guid}/handovers: the hand-over the owner records: to
 * whom (and which recipient of its letters that is, if one), when (never
 * after today), where, and an optional photo. Error keys: recipient,
 * letterRecipientId, handedOverOn, place, photo, timeZone.
 */
export const handoverValidator = vine.create({
  recipient: vine.string().trim().minLength(2).maxLength(PAPER_PLACE_MAX_LENGTH),
  letterRecipientId: databaseId().nullable().optional(),
  handedOverOn: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual((field) => todayIn(field.data.timeZone)),
  place: vine.string().trim().minLength(2).maxLength(PAPER_PLACE_MAX_LENGTH),
  photo: photo().optional(),
  timeZone: vine.string().use(timeZoneRule()).optional(),
})
