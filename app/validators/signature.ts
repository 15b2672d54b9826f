import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { turnstileToken } from '#validators/rules/turnstile'
import { databaseId } from '#validators/rules/database_id'
import type CustomField from '#models/custom_field'
import type Petition from '#models/petition'
import { COUNTRY_CODES, POSTAL_CODE_MAX } from '#shared/countries'
import { disposableDomain, type RulesSnapshot } from '#shared/fraud/signing_rules'
import { emailDomain } from '#support/signer_traces'
import { sourceCode } from '#shared/signature_sources'

/** What the sign validator needs to know of the petition (passed as metadata). */
export type SignMeta = {
  ip: string
  allowComments: boolean
  customFields: Array<Pick<CustomField, 'id' | 'type' | 'required'>>
  /** The kept list and its exemptions, from the process's rules snapshot (no query). */
  rules: Pick<RulesSnapshot, 'disposable' | 'exempt'>
  /** A member signs with their account's address, whatever the form sends. */
  accountEmail: string | null
}

export const CUSTOM_FIELD_VALUE_MAX = 1000
export const COMMENT_MIN = 20
export const COMMENT_MAX = 2000

/**
 * A custom field's answer: required when the field says so,
 * a number for 'number' fields. The answers arrive aligned with the petition's
 * fields, so the index of `customFields.{index}.value` is the field's position.
 * Implicit, so that a missing answer to a required field is reported too.
 */
const customFieldValue = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    const { customFields } = field.meta as SignMeta
    const answer = field.parent as { id?: number }
    const definition = customFields.find((candidate) => candidate.id === answer.id)
    if (!definition) return
    const text = typeof value === 'string' ? value.trim() : ''
    if (text === '') {
      if (definition.required)
        field.report('The {{ field }} field must be defined', 'required', field)
      return
    }
    if (definition.type === 'number' && !/^-?\d+([.,]\d+)?$/.test(text)) {
      field.report('The {{ field }} field must be a number', 'number', field)
    }
  },
  { implicit: true }
)

/**
 * The address that will sign is not at a disposable-mail domain of the
 * kept list (unless moderators exempted it): refused at once, under the
 * e-mail, rather than stored and silently never counted. The list is
 * public, so this tells nothing secret. Error key disposableEmail.
 */
const notDisposable = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    const { rules, accountEmail } = field.meta as SignMeta
    const domain = emailDomain(accountEmail ?? value)
    if (domain && disposableDomain(rules, domain)) {
      field.report('Addresses at {{ domain }} cannot sign', 'disposableEmail', field, { domain })
    }
  }
)

/**
 * What a signer gives: the sign form's fields, and those of the API's
 * record signature helper, which signs with the same rules.
 */
export const signerFields = {
  firstName: vine.string().trim().minLength(3).maxLength(100),
  lastName: vine.string().trim().minLength(3).maxLength(100),
  email: vine.string().trim().email().maxLength(254).use(notDisposable()),
  comment: vine
    .string()
    .trim()
    .minLength(COMMENT_MIN)
    .maxLength(COMMENT_MAX)
    .optional()
    .requiredWhen((field) => (field.meta as SignMeta).allowComments),
  private: vine.boolean().optional(),
  support: vine.boolean().optional(),
  /** Mail me this petition's updates and responses (off unless ticked). */
  wantsUpdates: vine.boolean().optional(),
  /** Where the signer lives: an ISO 3166-1 alpha-2 code, counted per country. */
  country: vine.string().trim().toUpperCase().in(COUNTRY_CODES),
  /** Only read when the petition asks for it. */
  postalCode: vine.string().trim().maxLength(POSTAL_CODE_MAX).optional(),
  customFields: vine.array(
    vine.object({
      id: databaseId(),
      value: vine
        .string()
        .trim()
        .maxLength(CUSTOM_FIELD_VALUE_MAX)
        .optional()
        .use(customFieldValue()),
    })
  ),
}

/** POST /petition/{guid}/sign: the signer's fields and the form's bot check. */
export const signatureValidator = vine.create({
  ...signerFields,
  /**
   * Where the signer came from (the `?source=` code the browser read from the
   * address): kept when it fits, null otherwise. Never an error: a
   * malformed code must not cost a signature.
   */
  source: vine
    .any()
    .transform((value): string | null => sourceCode(value))
    .optional(),
  /** The petition's owner may contact me about this campaign (off unless ticked). */
  contactConsent: vine.boolean().optional(),
  cfTurnstileResponse: turnstileToken('sign'),
})

/**
 * The validator's options for one petition's sign form: the petition's
 * settings and the signer's rules as metadata, and the custom-field answers
 * aligned with its fields (custom fields preloaded).
 */
export function signValidation(
  petition: Petition,
  body: Record<string, any>,
  signer: Pick<SignMeta, 'ip' | 'rules' | 'accountEmail'>
) {
  const fields = [...petition.customFields].sort((a, b) => a.position - b.position)
  const meta: SignMeta = {
    ...signer,
    allowComments: petition.allowComments,
    customFields: fields.map(({ id, type, required }) => ({ id, type, required })),
  }
  return { meta, data: { ...body, customFields: alignAnswers(fields, body.customFields) } }
}

/**
 * The answers to the custom fields, one per field in the petition's order, so
 * that `customFields.{index}.value` names the field's position on the form.
 */
function alignAnswers(fields: Array<{ id: number }>, sent: unknown) {
  const answers = Array.isArray(sent) ? sent : []
  return fields.map((field) => {
    const answer = answers.find(
      (candidate) => candidate && Number((candidate as { id?: unknown }).id) === field.id
    ) as { value?: unknown } | undefined
    const value = answer?.value
    return {
      id: field.id,
      value:
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined,
    }
  })
}
