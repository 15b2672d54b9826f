import factory from '@adonisjs/lucid/factories'
import CustomField from '#models/custom_field'

/** A question the sign form asks: by default a required District, as the create form's example. */
export const CustomFieldFactory = factory
  .define(CustomField, () => ({
    type: 'text' as const,
    title: 'District',
    description: 'Where you live',
    required: true,
    position: 0,
  }))
  .build()
