import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Unusual signing, watched by a job every minute (app/services/fraud):
 *
 * - `signing_alerts`: a petition put in the moderators' queue because one
 *   network (its keyed hash) or one e-mail domain gave too many of its
 *   signatures in an hour; one per petition and hour (whole hours since
 *   1970, UTC), which the unique index keeps however many nodes insert it.
 *   Open until a moderator acts on the petition.
 * - `signing_marks`: the highest signature id the job saw in each minute it
 *   ran (whole minutes since 1970), kept for a day. A signature stored after
 *   a mark has a higher id, so "signed since then" is a primary-key range on
 *   `signatures`, or a range of the (petition_id, id) index for one
 *   petition: signing pays for no index of its own.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('signing_alerts', (table) => {
      table.increments('id').notNullable()
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.integer('hour').notNullable()
      // `network` (the subject is a network's keyed hash) or `domain`.
      table.string('kind', 10).notNullable()
      table.string('subject', 253).notNullable()
      // The group's signatures in the hour before the alert.
      table.integer('signatures').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('resolved_at').nullable()
      table
        .integer('resolved_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.unique(['petition_id', 'hour'])
    })

    this.schema.createTable('signing_marks', (table) => {
      table.integer('minute').notNullable().primary()
      table.integer('signature_id').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('signing_marks')
    this.schema.dropTable('signing_alerts')
  }
}
