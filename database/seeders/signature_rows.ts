import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { normalizeEmail } from '#support/email_normalizer'
import { networkHash } from '#support/signer_traces'

const FIRST_NAMES = ['Olena', 'Marta', 'Lucas', 'Sofia', 'Jonas', 'Amélie', 'Taras', 'Giulia']
const LAST_NAMES = ['Koval', 'Ruiz', 'Martin', 'Rossi', 'Schmidt', 'Silva', 'Ivanova', 'Bondar']
/** Signers' countries, some more often than others, as a shared petition's are. */
const COUNTRIES = ['UA', 'UA', 'UA', 'UA', 'PL', 'PL', 'DE', 'DE', 'DE', 'PT', 'BR', 'BR'].concat([
  'US',
  'GB',
  'FR',
  'ES',
  'IT',
  'CA',
  'MX',
  'AR',
  'RO',
  'NL',
  'SE',
  'JP',
  'IN',
  'ZA',
])

export type SignatureRowsOptions = {
  /** Numbering of the signers' e-mails starts here (signer{n}@example.org). */
  from?: number
  confirmed?: boolean
  /** Every n-th signature opposes (0: none). */
  opposeEvery?: number
  /** Every n-th signature is anonymous (0: none). */
  privateEvery?: number
  comment?: string | null
  /** Every n-th signature was removed by the owner (0: none). */
  inactiveEvery?: number
  /** Every n-th signature is still waiting for its e-mail confirmation (0: none). */
  unconfirmedEvery?: number
  /** The custom-field answers of signer n (field id → value), if any. */
  answers?: (n: number) => Record<string, string> | null
  /**
   * What the fraud checks keep of each signer: e-mails at the usual mail
   * providers and a spread of networks, or (`burst`) every signature from
   * one network and one domain, as an attack looks. Without it, the
   * signers are at example.org with no network.
   */
  traces?: 'spread' | { burst: { address: string; domain: string } }
  /** Rows per INSERT (at most 1,500): large batches make a million rows quick. */
  batchSize?: number
}

/**
 * Inserts many signatures straight into the table, for demo data, tests and
 * benchmarks. It does not touch the counters: call `recountSignatures` after.
 */
export async function insertSignatureRows(
  petitionId: number,
  count: number,
  options: SignatureRowsOptions = {}
) {
  const { from = 0, confirmed = true, opposeEvery = 0, privateEvery = 0, comment = null } = options
  const { inactiveEvery = 0, unconfirmedEvery = 0, answers, traces } = options
  const every = (period: number, n: number) => period > 0 && n % period === 0
  // SQLite binds at most 32,766 values in one statement: 1,500 rows of up to 21 columns.
  const batchSize = Math.min(options.batchSize ?? 500, 1500)
  const format = db.connection().dialect.dateTimeFormat
  const start = DateTime.utc().minus({ seconds: count })
  for (let offset = 0; offset < count; offset += batchSize) {
    const rows = []
    for (let index = offset; index < Math.min(count, offset + batchSize); index++) {
      const n = from + index
      const { email, network } = signerAt(n, traces)
      const at = start.plus({ seconds: index }).toFormat(format)
      rows.push({
        petition_id: petitionId,
        first_name: FIRST_NAMES[n % FIRST_NAMES.length],
        last_name: LAST_NAMES[(n * 7) % LAST_NAMES.length],
        email,
        email_normalized: normalizeEmail(email),
        comment,
        // 1/0 bind on SQLite and PostgreSQL alike.
        private: every(privateEvery, n) ? 1 : 0,
        score: every(opposeEvery, n) ? -1 : 1,
        active: every(inactiveEvery, n) ? 0 : 1,
        custom_fields_data: answers ? JSON.stringify(answers(n)) : null,
        locale: 'en',
        country: COUNTRIES[(n * 7) % COUNTRIES.length],
        network_hash: network ? networkHash(network) : null,
        email_domain: traces ? email.split('@')[1] : null,
        confirmed_at: confirmed && !every(unconfirmedEvery, n) ? at : null,
        created_at: at,
        updated_at: at,
      })
    }
    await insertRows(rows)
  }
}

/** Where the demo's signers get their mail: mostly the big providers. */
const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'outlook.com', 'yahoo.com', 'ukr.net']
  .concat(['gmx.de', 'web.de', 'proton.me', 'icloud.com', 'libero.it', 'orange.fr'])
  .concat(['sapo.pt', 'mail.ru'])

/** Signer n's address and network (an address of it: only its keyed hash is stored). */
function signerAt(n: number, traces: SignatureRowsOptions['traces']) {
  if (!traces) return { email: `signer${n}@example.org`, network: null }
  if (traces === 'spread') {
    const domain = MAIL_DOMAINS[(n * 5) % MAIL_DOMAINS.length]
    // Many /24 networks, a few signers each, as people sign from home.
    return { email: `signer${n}@${domain}`, network: `10.${(n * 13) % 251}.${n % 7}.20` }
  }
  return { email: `signer${n}@${traces.burst.domain}`, network: traces.burst.address }
}

/**
 * One multi-row INSERT ... VALUES: knex writes SQLite's multi-row inserts as
 * a compound SELECT, which SQLite caps at 500 rows.
 */
async function insertRows(rows: Array<Record<string, unknown>>) {
  const columns = Object.keys(rows[0])
  const tuple = `(${columns.map(() => '?').join(', ')})`
  await db.rawQuery(
    `INSERT INTO signatures (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
    rows.flatMap((row) => columns.map((column) => row[column]))
  )
}
