import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { LOCALES } from '#app/i18n/locales'
import { databaseId } from '#validators/rules/database_id'

/** The paper sizes the documents are laid out for. */
export const PAPER_SIZES = ['a4', 'letter'] as const

/** What the package validator needs to know of the petition (passed as metadata). */
export type DeliveryMeta = { recipientIds: number[] }

/** A recipient of one of this petition's letters (another petition's is refused as unknown). */
const recipientOfPetition = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    const { recipientIds } = field.meta as DeliveryMeta
    if (typeof value !== 'number' || !recipientIds.includes(value)) {
      field.report('The selected {{ field }} is invalid', 'enum', field)
    }
  }
)

/** POST /petition/{guid}/sheet: a printable signature sheet. */
export const signatureSheetValidator = vine.create({
  paperSize: vine.enum(PAPER_SIZES),
  language: vine.enum(LOCALES),
})

/**
 * POST /petition/{guid}/delivery: the delivery package, for every recipient
 * or one of them (the select's empty value: every one), with the signers'
 * list when the box is ticked.
 */
export const deliveryPackageValidator = vine.create({
  paperSize: vine.enum(PAPER_SIZES),
  language: vine.enum(LOCALES),
  includeList: vine.boolean().optional(),
  recipient: databaseId().optional().use(recipientOfPetition()),
})
