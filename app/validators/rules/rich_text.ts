import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { sanitizeDescription } from '#support/html_sanitizer'

/**
 * Rich text from the editor, sanitised here: what passes on is the HTML the
 * page may show. Markup with no words left once sanitised (an empty
 * paragraph, a lone script) is as good as nothing, so it is "required".
 */
export const richTextRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    const html = sanitizeDescription(value)
    if (html.replace(/<[^>]*>/g, '').trim() === '') {
      field.report('The {{ field }} field must be defined', 'required', field)
      return
    }
    field.mutate(html, field)
  }
)
