import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `disposable_domain_exemptions`: domains the moderators took off the kept
 * list of disposable-mail domains (a sub-domain of one is exempted too),
 * each once, with why and by whom. Signing reads them through each
 * process's rules snapshot, never per signature.
 */
export default class extends BaseSchema {
  protected tableName = 'disposable_domain_exemptions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('domain', 253).notNullable().unique()
      table.text('reason').notNullable()
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
