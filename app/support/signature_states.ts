/**
 * Whether a signature is confirmed, as SQL that no index can answer. Where
 * a statement names its rows by id (a batch of confirmations, the mails
 * just sent), these make the databases look those rows up by primary key.
 * A plain `confirmed_at IS NULL` beside them let both walk every
 * unconfirmed signature through the index on (confirmed_at, created_at):
 * SQLite guesses that IS NULL selects a handful of rows, and PostgreSQL's
 * statistics, taken while nearly every row was confirmed, say the same in
 * the middle of a surge. A millisecond a confirmation, on SQLite.
 */
export const UNCONFIRMED = '(confirmed_at IS NULL) IS TRUE'
export const CONFIRMED = '(confirmed_at IS NOT NULL) IS TRUE'
