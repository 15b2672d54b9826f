import vine, { errors as vineErrors } from '@vinejs/vine'
import type { I18n } from '@adonisjs/i18n'
import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import { isTimeZone } from '#validators/rules/time_zone'
import {
  hasCriterion,
  type InvalidationFilter,
  type InvalidationFilterFields,
} from '#shared/fraud/invalidation_filter'
import RefusedFieldsException, { type RefusedField } from '#exceptions/refused_fields_exception'

/** A date and time as a datetime-local field gives it (2026-11-27T14:30), in the moderator's zone. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/** How moderators choose signatures (every field may be empty; at least one criterion, checked after). */
const filterFields = {
  /** A network's keyed hash, as the trends show it. */
  network: vine
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
  /** An e-mail domain ("@" and case ignored); its subdomains are taken too. */
  domain: vine
    .string()
    .trim()
    .toLowerCase()
    .maxLength(254)
    .regex(/^@?[a-z0-9-]+(\.[a-z0-9-]+)*$/)
    .transform((value) => value.replace(/^@/, ''))
    .optional(),
  from: vine.string().trim().regex(LOCAL_DATE_TIME).optional(),
  to: vine.string().trim().regex(LOCAL_DATE_TIME).optional(),
  unconfirmed: vine.boolean().optional(),
  /** The browser's zone, which `from` and `to` are in; UTC without one. */
  timeZone: vine.string().trim().maxLength(64).optional(),
}

/** The count before an invalidation (the moderation page's query string). */
export const invalidationFilterValidator = vine.create(filterFields)

/** An invalidation: the filter, the bound its count was read up to, and the reason. */
export const signatureInvalidationValidator = vine.create({
  ...filterFields,
  upToId: vine.number().withoutDecimals().min(0),
  reason: vine.string().trim().minLength(3).maxLength(1000),
})

type FilterInput = Infer<typeof invalidationFilterValidator>

/**
 * The filter of validated fields, with its times in UTC; or the fields to
 * refuse: no criterion at all (`criteria.required`), a time that does not
 * exist in the moderator's zone, or a window that ends before it starts.
 */
export function invalidationFilterOf(
  input: FilterInput
): { filter: Omit<InvalidationFilter, 'upToId'>; refused: null } | { refused: RefusedField[] } {
  const zone = isTimeZone(input.timeZone) ? input.timeZone : 'utc'
  const refused: RefusedField[] = []
  const utc = (field: 'from' | 'to') => {
    const value = input[field]
    if (!value) return null
    const time = DateTime.fromISO(value, { zone })
    if (!time.isValid) {
      refused.push({ field, rule: 'date' })
      return null
    }
    return time.toUTC().toISO()
  }
  const filter = {
    network: input.network || null,
    domain: input.domain || null,
    from: utc('from'),
    to: utc('to'),
    unconfirmed: input.unconfirmed ?? false,
  }
  if (filter.from && filter.to && filter.to < filter.from) {
    refused.push({ field: 'to', rule: 'toBeforeFrom' })
  }
  if (!hasCriterion(filter) && refused.length === 0) {
    refused.push({ field: 'criteria', rule: 'required' })
  }
  return refused.length > 0 ? { refused } : { filter, refused: null }
}

/**
 * A count asked for on the moderation page's query string (`count=1`, or
 * any criterion: a trend row's link names a network or a domain): the fields
 * as given, so that the form starts from them, and the filter to count, or
 * the translated errors under the fields. Nothing asked: neither.
 */
export async function askedInvalidationCount(
  query: Record<string, unknown>,
  i18n: I18n
): Promise<{
  fields: InvalidationFilterFields
  filter: Omit<InvalidationFilter, 'upToId'> | null
  errors: Record<string, string>
}> {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '')
  const fields = {
    network: text('network'),
    domain: text('domain'),
    from: text('from'),
    to: text('to'),
    unconfirmed: ['1', 'true', 'on'].includes(text('unconfirmed')),
  }
  const asked = text('count') !== '' || Object.values(fields).some(Boolean)
  if (!asked) return { fields, filter: null, errors: {} }
  try {
    const input = await invalidationFilterValidator.validate(query, {
      messagesProvider: i18n.createMessagesProvider(),
    })
    const chosen = invalidationFilterOf(input)
    if (chosen.refused) throw new RefusedFieldsException(chosen.refused).asValidationError(i18n)
    return { fields, filter: chosen.filter, errors: {} }
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const errors: Record<string, string> = {}
    for (const { field, message } of error.messages as Array<{ field: string; message: string }>) {
      errors[field] ??= message
    }
    return { fields, filter: null, errors }
  }
}
