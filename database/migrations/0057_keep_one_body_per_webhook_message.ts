import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A message's body is stored once, however many endpoints it goes to:
 * `webhook_bodies` holds the exact bytes that are signed and sent, and each
 * delivery (one endpoint, its own `webhook-id`, its tries) names its body.
 * A confirmation to a petition with three endpoints wrote its body three
 * times, and the sender's claim and its record of each try rewrote it
 * again with every change of the delivery's small state.
 *
 * Existing deliveries keep their bodies: each becomes a body of the same
 * id. The column changes are plain SQL that both databases run in place:
 * knex rebuilds an SQLite table to add a foreign key, and dropping the old
 * table inside the migration's transaction would cascade to the attempts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webhook_bodies', (table) => {
      table.bigIncrements('id')
      table.text('body').notNullable()
      table.timestamp('created_at').notNullable()
    })
    this.defer(async (db) => {
      // On SQLite a rolled-back migration left the column (see down).
      if (!(await db.schema.hasColumn('webhook_deliveries', 'body_id'))) {
        await db.rawQuery(
          'ALTER TABLE webhook_deliveries ADD COLUMN body_id BIGINT REFERENCES webhook_bodies (id)'
        )
      }
      await db.rawQuery(
        'CREATE INDEX webhook_deliveries_body_id_index ON webhook_deliveries (body_id)'
      )
      await db.rawQuery(
        `INSERT INTO webhook_bodies (id, body, created_at)
         SELECT id, payload, created_at FROM webhook_deliveries`
      )
      await db.rawQuery('UPDATE webhook_deliveries SET body_id = id')
      if (db.dialect.name === 'postgres') {
        await db.rawQuery(
          `SELECT setval(pg_get_serial_sequence('webhook_bodies', 'id'),
                         COALESCE((SELECT MAX(id) FROM webhook_bodies), 0) + 1, false)`
        )
      }
      await db.rawQuery('ALTER TABLE webhook_deliveries DROP COLUMN payload')
    })
  }

  /**
   * SQLite cannot drop a column a foreign key names without rebuilding the
   * table: there `body_id` stays, emptied, beside the restored `payload`.
   */
  async down() {
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE webhook_deliveries ADD COLUMN payload TEXT')
      await db.rawQuery(
        `UPDATE webhook_deliveries
            SET payload = (SELECT body FROM webhook_bodies WHERE webhook_bodies.id = body_id)`
      )
      await db.rawQuery('DROP INDEX webhook_deliveries_body_id_index')
      if (db.dialect.name === 'postgres') {
        await db.rawQuery('ALTER TABLE webhook_deliveries DROP COLUMN body_id')
      } else {
        await db.rawQuery('UPDATE webhook_deliveries SET body_id = NULL')
      }
    })
    this.schema.dropTable('webhook_bodies')
  }
}
