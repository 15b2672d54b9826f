import type Petition from '#models/petition'
import type CustomField from '#models/custom_field'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** The petition as its owner's signatures page shows it. */
export default class ManagedPetitionTransformer extends BaseTransformer<Petition> {
  toObject() {
    // The counters are the confirmed, active signatures on each side; support
    // holds the verified paper ones too (`paperCount`).
    return this.pick(this.resource, [
      'guid',
      'slug',
      'title',
      'allowComments',
      'allowOpposite',
      'askPostalCode',
      'targetSignatures',
      'supportCount',
      'opposeCount',
      'paperCount',
    ])
  }
}

/**
 * The custom-field columns of the signatures table: field id → title. Object
 * keys that are numbers keep ascending order in JSON: the fields' creation order.
 */
export function customFieldsColumns(fields: CustomField[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [String(field.id), field.title]))
}
