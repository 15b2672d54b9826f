import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** The caches that several processes each keep a copy of. */
export type CachedName = 'sitemap'

/**
 * The version of a cache every worker process keeps a copy of. Whatever
 * makes the cache wrong gives it a new version in its own transaction; a
 * process whose copy was built at another version builds it again. So every
 * process sees the change once it commits, for one primary-key read per use,
 * and never before (nor after a rollback). A version is random rather than
 * counted: a rolled-back change can never come back under a number a copy
 * was built at.
 */
export default class CacheVersion extends BaseModel {
  @column({ isPrimary: true })
  declare name: CachedName

  @column()
  declare version: string

  static async of(name: CachedName): Promise<string | null> {
    const row = await db.from(this.table).where('name', name).select('version').first()
    return row?.version ?? null
  }

  /** An upsert: a table emptied by hand (a test, a restore) gets the row back with the next change. */
  static async renew(name: CachedName, client: QueryClientContract = db.connection()) {
    await client.rawQuery(
      `INSERT INTO ${this.table} (name, version) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
      [name, randomUUID()]
    )
  }
}
