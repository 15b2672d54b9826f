import vine from '@vinejs/vine'

/**
 * A moderator's decision on a decision maker's address: approve it for the
 * whole site, or refuse (revoke) it with a reason, which the petition's
 * owner is shown. Error keys: decision, reason.
 */
export const decisionMakerAddressValidator = vine.create({
  decision: vine.enum(['approve', 'refuse'] as const),
  reason: vine.string().trim().maxLength(1000).optional().requiredWhen('decision', '=', 'refuse'),
})

/** Moderation/DecisionMakers: the directory's search. */
export const directorySearchValidator = vine.create({
  q: vine.string().trim().maxLength(254).optional(),
})
