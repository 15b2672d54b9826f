/**
 * Whether a database error is a unique index refusing a duplicate
 * (PostgreSQL 23505, SQLite's UNIQUE constraint). Where two requests race
 * past a check, the index decides, and this tells the loser apart.
 */
export function isUniqueViolation(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  )
}

/**
 * PostgreSQL chose this transaction to end a deadlock (two transactions each
 * waiting for a row the other holds): it was rolled back whole, and running
 * it again, once the other has committed, is how it succeeds.
 */
export function isDeadlock(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '40P01'
}

/** Rows changed by a query builder UPDATE, whatever the driver returns (a count or [count]). */
export function affectedRows(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}

/** The rows of a raw query: PostgreSQL wraps them in `rows`, SQLite returns them as they are. */
export function rowsOf<Row>(result: Row[] | { rows: Row[] }): Row[] {
  return Array.isArray(result) ? result : result.rows
}
