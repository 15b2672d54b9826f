import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `petition_versions.redacted_at` / `redaction_reason`: a moderator took an
 * earlier text out of the history. Its title, target, description and
 * letters are emptied in the same write (nothing of them is kept); the
 * reason, public, stands in their place.
 */
export default class extends BaseSchema {
  protected tableName = 'petition_versions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('redacted_at').nullable()
      table.text('redaction_reason').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('redaction_reason')
      table.dropColumn('redacted_at')
    })
  }
}
