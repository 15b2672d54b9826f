import vine from '@vinejs/vine'

/** A leaf's index or a tree's size: a whole number, within what a database's bigint holds. */
const position = () => vine.number().withoutDecimals().min(0).max(Number.MAX_SAFE_INTEGER)

/** GET /log/entries: the first and the last leaf wanted (both included). */
export const logEntriesValidator = vine.create({ start: position(), end: position() })

/** GET /log/proof/inclusion: the leaf, and the size of the tree it is proved in. */
export const inclusionProofValidator = vine.create({
  index: position(),
  treeSize: position().min(1),
})

/** GET /log/proof/consistency: the smaller tree's size and the larger's. */
export const consistencyProofValidator = vine.create({
  first: position().min(1),
  second: position().min(1),
})

/** GET /log/sths and GET /petition/{slug}/log.json: what comes after this size or index. */
export const logPageValidator = vine.create({
  after: vine.number().withoutDecimals().min(-1).max(Number.MAX_SAFE_INTEGER).optional(),
})
