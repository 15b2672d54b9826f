import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { searchTerms } from '#support/search_terms'

/**
 * `search_terms`: a petition's places (its region, its country's name in
 * every language of the site) and the stems of its words in its language,
 * kept by the model (support/search_terms). The search index reads them
 * beside the description, so that a search for "Wien", "Mexique" or
 * "écoles" finds a petition placed in Vienna, in Mexico or about a school.
 * Existing petitions get theirs here.
 */
const INDEXED =
  'title, target, description_text, lang, published, private, hidden_at, topics, country'

/** SQLite: a listed petition's facets (unchanged). */
const SQLITE_FACETS = `CASE WHEN new.published = 1 AND new.private = 0 AND new.hidden_at IS NULL
  THEN 'listed lang' || new.lang
    || CASE WHEN new.topics <> '' THEN ' topic' || replace(replace(new.topics, '-', ''), ' ', ' topic') ELSE '' END
    || CASE WHEN new.country IS NOT NULL THEN ' country' || lower(new.country) ELSE '' END
  ELSE '' END`

async function sqliteTriggers(db: QueryClientContract, withTerms: boolean) {
  for (const trigger of ['insert', 'update', 'delete'])
    await db.rawQuery(`DROP TRIGGER IF EXISTS petitions_fts_${trigger}`)
  const text = withTerms
    ? `new.description_text || ' ' || new.search_terms`
    : 'new.description_text'
  const insertNew = `INSERT INTO petitions_fts (rowid, title, target, description_text, facets)
      VALUES (new.id, new.title, new.target, ${text}, ${SQLITE_FACETS});`
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_insert AFTER INSERT ON petitions BEGIN
      ${insertNew}
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_delete AFTER DELETE ON petitions BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_update AFTER UPDATE OF ${INDEXED}${withTerms ? ', search_terms' : ''} ON petitions
    BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
      ${insertNew}
    END`)
}

/** PostgreSQL: a petition's entry, its words with its terms among them when `withTerms`. */
async function postgresEntries(db: QueryClientContract, withTerms: boolean) {
  const words = withTerms
    ? `concat_ws(' ', NEW.title, NEW.target, NEW.description_text, NEW.search_terms)`
    : `concat_ws(' ', NEW.title, NEW.target, NEW.description_text)`
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petition_search_entry_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      INSERT INTO petition_search_entries (petition_id, title, target, words, facets)
      VALUES (NEW.id,
        strip(to_tsvector('simple', petitions_search_fold(coalesce(NEW.title, '')))),
        strip(to_tsvector('simple', petitions_search_fold(coalesce(NEW.target, '')))),
        strip(to_tsvector('simple', petitions_search_fold(${words}))),
        NEW.listing_facets)
      ON CONFLICT (petition_id) DO UPDATE SET title = EXCLUDED.title, target = EXCLUDED.target,
        words = EXCLUDED.words, facets = EXCLUDED.facets;
      RETURN NULL;
    END $$`)
  await db.rawQuery('DROP TRIGGER petition_search_entry_write ON petitions')
  await db.rawQuery(`
    CREATE TRIGGER petition_search_entry_write
    AFTER INSERT OR UPDATE OF ${INDEXED}${withTerms ? ', search_terms' : ''} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petition_search_entry_write()`)
}

/** Every petition's terms, written in batches of ids: each write renews its index entry. */
async function fillTerms(db: QueryClientContract) {
  let after = 0
  for (;;) {
    const rows = await db
      .from('petitions')
      .select('id', 'title', 'target', 'description_text', 'region', 'country', 'lang')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
    if (rows.length === 0) return
    for (const row of rows) {
      const terms = searchTerms({ ...row, descriptionText: row.description_text ?? '' })
      await db.from('petitions').where('id', row.id).update({ search_terms: terms })
    }
    after = rows[rows.length - 1].id
  }
}

export default class extends BaseSchema {
  protected tableName = 'petitions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.text('search_terms').notNullable().defaultTo('')
    })
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') await postgresEntries(db, true)
      else await sqliteTriggers(db, true)
      await fillTerms(db)
    })
  }

  async down() {
    // The triggers name the column, so they go back first.
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') await postgresEntries(db, false)
      else await sqliteTriggers(db, false)
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('search_terms')
    })
    // SQLite: dropping a column may rebuild the table, which drops its triggers: they come back after.
    this.defer(async (db) => {
      if (db.dialect.name !== 'postgres') await sqliteTriggers(db, false)
    })
  }
}
