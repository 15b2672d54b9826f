import vine from '@vinejs/vine'

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** GET /identity/{key}/start: the petition whose sign form the signer came from. */
export const identityStartValidator = vine.create({
  petition: vine.string().regex(GUID).toLowerCase(),
})

/**
 * GET /identity/return on a language's site: the pass of a finished check,
 * or why it gave nothing, with the petition to go back to.
 */
export const identityReturnValidator = vine.create({
  petition: vine.string().regex(GUID).toLowerCase(),
  pass: vine
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/)
    .optional(),
  refused: vine.enum(['expired', 'cancelled', 'failed', 'unavailable'] as const).optional(),
})

/**
 * GET /my/account/identity/return on a language's site: the pass of a
 * member's finished check, or why it gave nothing.
 */
export const identityLinkReturnValidator = vine.create({
  pass: vine
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/)
    .optional(),
  refused: vine.enum(['expired', 'cancelled', 'failed', 'unavailable'] as const).optional(),
})
