import { randomUUID } from 'node:crypto'
import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Two things every worker process must agree on, when there is no Redis:
 *
 * - `live_stream_slots`: the live-count streams each address holds open,
 *   one row per stream. Slots are numbered from 0 below the cap, and the
 *   primary key (address, slot) is what keeps two workers from both taking
 *   the last one. `holder` is the worker process (it renews its rows'
 *   `expires_at`, in ms since 1970, while its streams last, and deletes them
 *   as they close); the rows of a worker that died expire.
 * - `cache_versions`: a version per cache that several processes keep, changed
 *   in the transaction of whatever makes the cache wrong; a process rebuilds
 *   its copy when the version differs from the one it built it at. The
 *   sitemap's changes when a petition becomes public or stops being public.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('live_stream_slots', (table) => {
      // An IPv4 address or an IPv6 /64 (support/address_block).
      table.string('address', 64).notNullable()
      table.integer('slot').notNullable()
      table.string('token', 36).notNullable()
      table.string('holder', 36).notNullable()
      table.bigInteger('expires_at').notNullable()
      table.primary(['address', 'slot'])
      table.index(['holder'], 'live_stream_slots_holder_index')
      table.index(['expires_at'], 'live_stream_slots_expires_at_index')
    })
    this.schema.createTable('cache_versions', (table) => {
      table.string('name', 40).notNullable().primary()
      table.string('version', 36).notNullable()
    })
    this.defer(async (db) => {
      await db.table('cache_versions').insert({ name: 'sitemap', version: randomUUID() })
    })
  }

  async down() {
    this.schema.dropTable('cache_versions')
    this.schema.dropTable('live_stream_slots')
  }
}
