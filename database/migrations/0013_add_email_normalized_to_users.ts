import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { normalizeEmail } from '#support/email_normalizer'

/**
 * Fills email_normalized where it is empty, oldest account first; an account
 * whose mailbox an older one already holds keeps null.
 */
export async function backfillNormalizedEmails(db: QueryClientContract) {
  const users = await db
    .from('users')
    .select('id', 'email', 'email_normalized')
    .orderBy('id', 'asc')
  const taken = new Set<string>(
    users.filter((user) => user.email_normalized).map((user) => String(user.email_normalized))
  )
  for (const user of users) {
    if (user.email_normalized) continue
    const normalized = normalizeEmail(String(user.email))
    if (taken.has(normalized)) continue
    taken.add(normalized)
    await db.from('users').where('id', user.id).update({ email_normalized: normalized })
  }
}

/**
 * One account per mailbox: the normalised form of each e-mail, unique.
 * Accounts made before this rule may already share a mailbox; the oldest
 * keeps the normalised form and each later one keeps null (a unique index
 * accepts many nulls on SQLite and PostgreSQL alike), so the migration never
 * fails and those accounts still log in with their own address.
 */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('email_normalized', 254).nullable()
    })

    this.defer((db) => backfillNormalizedEmails(db))

    this.schema.alterTable(this.tableName, (table) => {
      table.unique(['email_normalized'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['email_normalized'])
      table.dropColumn('email_normalized')
    })
  }
}
