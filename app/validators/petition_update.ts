import vine from '@vinejs/vine'
import { LIMITS } from '#shared/petitions/constants'
import { timeZoneRule, todayIn } from '#validators/rules/time_zone'

/**
 * One news item posted from the petition's page, within the limits the
 * edit form's updates have: its title, its day (never after today in the
 * author's calendar: their time zone, else UTC) and an optional short
 * text. Error keys: title, createdAt, description, timeZone.
 */
export const petitionUpdateValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(LIMITS.updateTitle),
  createdAt: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual((field) => todayIn(field.data.timeZone)),
  description: vine.string().trim().maxLength(LIMITS.updateDescription).optional(),
  timeZone: vine.string().use(timeZoneRule()).optional(),
})
