import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Signers may ask to hear of a petition's news (its updates and the
 * responses it gets), by mail, at most once a day:
 *
 * - `signatures.wants_updates`: the signer ticked the box on the sign form
 *   (off unless they did). No index: the mailing walks a petition's
 *   signatures by the (petition_id, id) index and skips the others.
 * - `petitions.news_pending_since`: news was added that its signers have not
 *   been mailed yet (null: nothing to mail). The index lets the mailing job
 *   read only the few petitions that have some.
 * - `petitions.news_mailed_at`: when its signers were last mailed its news;
 *   the next mail waits 24 hours from then, and holds everything added since.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signatures', (table) => {
      table.boolean('wants_updates').notNullable().defaultTo(false)
    })
    this.schema.alterTable('petitions', (table) => {
      table.timestamp('news_pending_since').nullable()
      table.timestamp('news_mailed_at').nullable()
      table.index(['news_pending_since'], 'petitions_news_pending_since_index')
    })
  }

  async down() {
    this.schema.alterTable('petitions', (table) => {
      table.dropIndex(['news_pending_since'], 'petitions_news_pending_since_index')
      table.dropColumn('news_mailed_at')
      table.dropColumn('news_pending_since')
    })
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('wants_updates')
    })
  }
}
