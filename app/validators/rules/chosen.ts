import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * A value picked from a list (on an optional field): when none was, the
 * error asks to choose one (rule `choose`, as reason.choose) rather than
 * the `required` message a field to write in gets.
 */
export const chosenRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (value === undefined || value === null) field.report('Please choose one', 'choose', field)
  },
  { implicit: true }
)

/**
 * One of `choices`, chosen: refused with `choose` when missing, with `enum`
 * when it is not one of them. Its output is never undefined (the rule
 * refuses a missing one).
 */
export function chosenFrom<const Choice extends string>(choices: readonly Choice[]) {
  return vine
    .enum(choices)
    .optional()
    .use(chosenRule())
    .transform((choice) => choice as Choice)
}
