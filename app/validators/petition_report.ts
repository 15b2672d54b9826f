import vine from '@vinejs/vine'
import { REPORT_REASONS } from '#models/petition_report'
import { turnstileToken } from '#validators/rules/turnstile'
import { chosenFrom } from '#validators/rules/chosen'

const reportFields = {
  reason: chosenFrom(REPORT_REASONS),
  // "Other" says nothing by itself: then the note must.
  note: vine.string().trim().maxLength(2000).optional().requiredWhen('reason', '=', 'other'),
}

/** The report form of a member. */
export const petitionReportValidator = vine.create(reportFields)

/** The report form of a guest: with the bot check. */
export const guestPetitionReportValidator = vine.create({
  ...reportFields,
  cfTurnstileResponse: turnstileToken('report'),
})
