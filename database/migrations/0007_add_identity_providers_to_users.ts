import { BaseSchema } from '@adonisjs/lucid/schema'

/** Accounts linked to GitHub or Google, matched by the provider's own id. */
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('github_id', 64).nullable().unique()
      table.string('google_id', 64).nullable().unique()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['github_id'])
      table.dropUnique(['google_id'])
      table.dropColumn('github_id')
      table.dropColumn('google_id')
    })
  }
}
