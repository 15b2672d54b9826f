import vine from '@vinejs/vine'

/** The largest id an integer column holds (PostgreSQL's integer). */
export const MAX_DATABASE_ID = 2_147_483_647

/**
 * The id of a row, as a form sends it back: a whole number the id column can
 * hold. Beyond it, PostgreSQL would answer the lookup with an error, not "no row".
 */
export const databaseId = () => vine.number().withoutDecimals().range([1, MAX_DATABASE_ID])
