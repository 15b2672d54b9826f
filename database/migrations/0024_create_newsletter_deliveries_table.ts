import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per newsletter issue and subscription it was queued for. The
 * unique pair is what keeps a second run of the same issue (or two runs at
 * once) from mailing anyone twice: a run first claims a page of subscribers
 * here, and only the subscribers it claimed get the issue. Deleting a
 * subscription deletes its rows.
 */
export default class extends BaseSchema {
  protected tableName = 'newsletter_deliveries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      table
        .integer('subscription_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('newsletter_subscriptions')
        .onDelete('CASCADE')
      // The id, by default its English file's name (2026-12).
      table.string('issue', 100).notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['subscription_id', 'issue'], {
        indexName: 'newsletter_deliveries_subscription_issue_unique',
      })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
