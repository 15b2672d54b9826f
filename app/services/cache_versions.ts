import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Versions of the caches every worker process keeps a copy of
 * (`cache_versions`). Whatever makes a cache wrong gives it a new version in
 * its own transaction; a process whose copy was built at another version
 * builds it again. So every process sees the change once it commits, for
 * one primary-key read per use, and never before (nor after a rollback).
 * A version is random rather than counted: a rolled-back change can never
 * come back under a number a copy was built at.
 */
export type CachedName = 'sitemap'

export async function cacheVersion(name: CachedName): Promise<string | null> {
  const row = await db.from('cache_versions').where('name', name).select('version').first()
  return row?.version ?? null
}

/** An upsert: a table emptied by hand (a test, a restore) gets the row back with the next change. */
export async function changeCacheVersion(
  name: CachedName,
  client: QueryClientContract = db.connection()
) {
  await client.rawQuery(
    `INSERT INTO cache_versions (name, version) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
    [name, randomUUID()]
  )
}
