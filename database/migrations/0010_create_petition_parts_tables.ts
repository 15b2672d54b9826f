import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The parts of a petition: media (banner, photos, editor images, videos),
 * letters with their recipients, news updates and extra signature fields.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('petition_media', (table) => {
      table.increments('id').notNullable()
      // Null while pending: uploaded for a guid whose petition is not saved yet.
      table
        .integer('petition_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.uuid('petition_guid').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('type', 16).notNullable() // banner | photo | editor | video
      table.string('driver', 16).notNullable().defaultTo('fs') // fs | local (bundled template) | youtube | vimeo
      table.string('url', 2048).nullable()
      table.string('path', 512).nullable() // key on the Drive disk, for uploads
      table.string('title', 128).nullable()
      table.text('description').nullable()
      table.smallint('position').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['petition_id', 'type', 'position'])
      table.index(['petition_guid', 'user_id'])
      table.index(['petition_id', 'created_at'])
    })

    this.schema.createTable('letters', (table) => {
      table.increments('id').notNullable()
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.text('payload').notNullable()
      table.smallint('position').notNullable().defaultTo(0)
      table.index(['petition_id', 'position'])
    })

    this.schema.createTable('letter_recipients', (table) => {
      table.increments('id').notNullable()
      table
        .integer('letter_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('letters')
        .onDelete('CASCADE')
      table.string('name', 100).notNullable()
      table.string('payload', 128).nullable() // the designation
      table.smallint('position').notNullable().defaultTo(0)
      table.index(['letter_id', 'position'])
    })

    this.schema.createTable('petition_updates', (table) => {
      table.increments('id').notNullable()
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.string('title', 100).notNullable()
      table.string('description', 255).nullable()
      table.date('happened_on').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['petition_id', 'happened_on'])
    })

    this.schema.createTable('custom_fields', (table) => {
      table.increments('id').notNullable()
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.string('type', 16).notNullable().defaultTo('text') // text | string | number
      table.string('title', 128).notNullable()
      table.string('description', 400).nullable()
      table.boolean('required').notNullable().defaultTo(false)
      table.smallint('position').notNullable().defaultTo(0)
      table.index(['petition_id', 'position'])
    })
  }

  async down() {
    this.schema.dropTable('custom_fields')
    this.schema.dropTable('petition_updates')
    this.schema.dropTable('letter_recipients')
    this.schema.dropTable('letters')
    this.schema.dropTable('petition_media')
  }
}
