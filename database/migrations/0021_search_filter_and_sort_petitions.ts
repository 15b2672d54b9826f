import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { descriptionText } from '#support/search_text'

const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'uk', 'pt', 'ru']

/**
 * A petition's language, for petitions written before it was recorded: the
 * language its owner uses on the site (users.locale, set where they signed
 * up), English when the owner is gone or unknown.
 */
async function backfillLanguages(db: QueryClientContract) {
  const marks = LOCALES.map(() => '?').join(', ')
  await db.rawQuery(
    `UPDATE petitions SET lang = COALESCE(
       (SELECT users.locale FROM users WHERE users.id = petitions.user_id AND users.locale IN (${marks})),
       'en')`,
    LOCALES
  )
}

/** The words of every existing description, in batches of ids. */
async function backfillDescriptionTexts(db: QueryClientContract) {
  let lastId = 0
  for (;;) {
    const rows: Array<{ id: number; description: string }> = await db
      .from('petitions')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(500)
      .select('id', 'description')
    if (rows.length === 0) return
    for (const row of rows) {
      await db
        .from('petitions')
        .where('id', row.id)
        .update({ description_text: descriptionText(row.description) })
    }
    lastId = rows[rows.length - 1].id
  }
}

/**
 * Accented Latin letters and their plain forms: a search for "peticion"
 * finds "petición" on PostgreSQL as it does on SQLite (whose tokenizer
 * removes diacritics itself), with no extension (unaccent) to install.
 */
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ'
const PLAIN = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy'

/**
 * PostgreSQL: `petitions.search_vector`, the title (weight A), target (B)
 * and description's words (D) under the 'simple' configuration (no
 * language's stemming or stop words, so every language matches alike),
 * with a GIN index. A trigger keeps it when one of those columns is
 * written, and only then: the counter's once-a-second UPDATE of a viral
 * petition does not rebuild it.
 */
async function createPostgresIndex(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT translate(value, '${ACCENTED}', '${PLAIN}') $$`)
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_vector(title text, target text, body text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT
      setweight(to_tsvector('simple', petitions_search_fold(coalesce(title, ''))), 'A') ||
      setweight(to_tsvector('simple', petitions_search_fold(coalesce(target, ''))), 'B') ||
      setweight(to_tsvector('simple', petitions_search_fold(coalesce(body, ''))), 'D') $$`)
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_vector_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      NEW.search_vector := petitions_search_vector(NEW.title, NEW.target, NEW.description_text);
      RETURN NEW;
    END $$`)
  await db.rawQuery('ALTER TABLE petitions ADD COLUMN search_vector tsvector')
  await db.rawQuery(`
    CREATE TRIGGER petitions_search_vector_update
    BEFORE INSERT OR UPDATE OF title, target, description_text ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_search_vector_update()`)
  await db.rawQuery(
    'UPDATE petitions SET search_vector = petitions_search_vector(title, target, description_text)'
  )
  await db.rawQuery(
    'CREATE INDEX petitions_search_vector_index ON petitions USING gin (search_vector)'
  )
}

/**
 * SQLite: an FTS5 table over the petitions' title, target and description
 * words (external content: the text stays in `petitions` alone), with a
 * Unicode tokenizer that folds case and diacritics in every language.
 * Triggers keep it on every insert, delete and write of those columns,
 * whoever writes (the petition writer, account deletion, a cascade).
 */
export async function createSqliteIndex(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE VIRTUAL TABLE petitions_fts USING fts5(
      title, target, description_text,
      content='petitions', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2')`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_insert AFTER INSERT ON petitions BEGIN
      INSERT INTO petitions_fts (rowid, title, target, description_text)
      VALUES (new.id, new.title, new.target, new.description_text);
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_delete AFTER DELETE ON petitions BEGIN
      INSERT INTO petitions_fts (petitions_fts, rowid, title, target, description_text)
      VALUES ('delete', old.id, old.title, old.target, old.description_text);
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_update AFTER UPDATE OF title, target, description_text ON petitions
    BEGIN
      INSERT INTO petitions_fts (petitions_fts, rowid, title, target, description_text)
      VALUES ('delete', old.id, old.title, old.target, old.description_text);
      INSERT INTO petitions_fts (rowid, title, target, description_text)
      VALUES (new.id, new.title, new.target, new.description_text);
    END`)
  await db.rawQuery(`INSERT INTO petitions_fts (petitions_fts) VALUES ('rebuild')`)
}

/**
 * The public list is searched, filtered and sorted:
 *
 * - `petitions.lang`: the language a petition was written in (the site's
 *   language where it was created); the list shows the visitor's by default.
 * - `petitions.description_text`: the description's words without markup,
 *   kept by the model beside the HTML, for the search index.
 * - the search index, one per database (see the functions above).
 * - `petition_hourly_signatures`: signatures counted per petition per hour
 *   (by the counter's flush), the last 24 hours of which rank the trending
 *   list; rows older than 48 hours are pruned.
 * - indexes for each order of the list, with and without a language.
 *
 * SQLite: a migration that later rebuilds `petitions` (a changed column)
 * drops its triggers with the old table and must create them again.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.string('lang', 5).notNullable().defaultTo('en')
      table.text('description_text').notNullable().defaultTo('')
      // Newest first and most signed first, in one language or in all; the
      // target at the end lets the successful ones be counted from the index.
      table.index(
        ['lang', 'published', 'private', 'created_at', 'id'],
        'petitions_lang_newest_index'
      )
      table.index(
        ['lang', 'published', 'private', 'support_count', 'id', 'target_signatures'],
        'petitions_lang_support_index'
      )
      table.index(
        ['published', 'private', 'support_count', 'id', 'target_signatures'],
        'petitions_support_index'
      )
      // A search's matches and the trending petitions are found by id: this
      // index answers the list's filters for them without reading the rows,
      // whose descriptions can be long.
      table.index(
        [
          'id',
          'lang',
          'published',
          'private',
          'finished',
          'closes_at',
          'support_count',
          'target_signatures',
          'created_at',
        ],
        'petitions_listing_by_id_index'
      )
      // Open petitions closing soonest.
      table.index(
        ['lang', 'published', 'private', 'finished', 'closes_at'],
        'petitions_lang_closing_index'
      )
      table.index(['published', 'private', 'finished', 'closes_at'], 'petitions_closing_index')
    })

    this.schema.createTable('petition_hourly_signatures', (table) => {
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      // Whole hours since 1970 (UTC): the same number on every database.
      table.integer('hour').notNullable()
      // Signatures counted minus those uncounted in that hour.
      table.integer('count').notNullable()
      table.primary(['petition_id', 'hour'])
      // The trending sum over the last 24 hours reads only this index; the pruning too.
      table.index(['hour', 'petition_id', 'count'], 'petition_hourly_signatures_hour_index')
    })

    this.defer(async (db) => {
      await backfillLanguages(db)
      await backfillDescriptionTexts(db)
      if (db.dialect.name === 'postgres') await createPostgresIndex(db)
      else await createSqliteIndex(db)
    })
  }

  async down() {
    this.schema.dropTable('petition_hourly_signatures')
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') {
        await db.rawQuery('DROP TRIGGER IF EXISTS petitions_search_vector_update ON petitions')
        await db.rawQuery('ALTER TABLE petitions DROP COLUMN IF EXISTS search_vector')
        await db.rawQuery('DROP FUNCTION IF EXISTS petitions_search_vector_update()')
        await db.rawQuery('DROP FUNCTION IF EXISTS petitions_search_vector(text, text, text)')
        await db.rawQuery('DROP FUNCTION IF EXISTS petitions_search_fold(text)')
      } else {
        for (const trigger of ['insert', 'delete', 'update'])
          await db.rawQuery(`DROP TRIGGER IF EXISTS petitions_fts_${trigger}`)
        await db.rawQuery('DROP TABLE IF EXISTS petitions_fts')
      }
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropIndex([], 'petitions_listing_by_id_index')
      table.dropIndex([], 'petitions_closing_index')
      table.dropIndex([], 'petitions_lang_closing_index')
      table.dropIndex([], 'petitions_support_index')
      table.dropIndex([], 'petitions_lang_support_index')
      table.dropIndex([], 'petitions_lang_newest_index')
      table.dropColumn('description_text')
      table.dropColumn('lang')
    })
  }
}
