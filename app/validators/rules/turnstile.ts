import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { turnstile, type TurnstileAction } from '#support/turnstile'

/**
 * The bot-check token of a form (error key cfTurnstileResponse). The client
 * IP comes from the validator's metadata: `validateUsing(v, { meta: { ip } })`.
 * Implicit, so that a missing token is checked too. `action` is the one the
 * form's widget is rendered with: a token solved for another form fails.
 */
const turnstileRule = vine.createRule(
  async (value: unknown, options: { action: TurnstileAction }, field: FieldContext) => {
    const ip = (field.meta as { ip?: string }).ip
    if (!(await turnstile.verify(value, ip, options.action))) {
      field.report('The bot check failed. Please try again.', 'turnstile', field)
    }
  },
  { implicit: true, isAsync: true }
)

export const turnstileToken = (action: TurnstileAction) =>
  vine.any().optional().use(turnstileRule({ action }))
