import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * What a petition is about and where it applies:
 *
 * - `topics`: one to three keys of the fixed set, separated by spaces
 *   (`environment local-community`);
 * - `country`: an ISO 3166-1 alpha-2 code, or null; `region`: a region or
 *   city as typed, or null.
 *
 * The search index holds the topics and the country as facets, beside
 * "listed" and the language: `topic{key}` and `country{code}` without
 * hyphens on SQLite (FTS5 tokens are letters and digits), `_topic_{key}`
 * and `_country_{code}` on PostgreSQL (lexemes no search can produce). So
 * a list of a topic or a country, searched or not, is found by the index
 * alone, as a language is. SQLite: existing petitions have neither, so
 * their entries stay as they are; only the triggers change. PostgreSQL:
 * the index moves out of the petitions' rows into a narrow table (below).
 */
const INDEXED_COLUMNS =
  'title, target, description_text, lang, published, private, hidden_at, topics, country'
const INDEXED_BEFORE = 'title, target, description_text, lang, published, private, hidden_at'

/** SQLite: the facets of a listed petition's row, its topics and country among them. */
const sqliteFacets = `CASE WHEN new.published = 1 AND new.private = 0 AND new.hidden_at IS NULL
  THEN 'listed lang' || new.lang
    || CASE WHEN new.topics <> '' THEN ' topic' || replace(replace(new.topics, '-', ''), ' ', ' topic') ELSE '' END
    || CASE WHEN new.country IS NOT NULL THEN ' country' || lower(new.country) ELSE '' END
  ELSE '' END`

const sqliteFacetsBefore = `CASE WHEN new.published = 1 AND new.private = 0 AND new.hidden_at IS NULL
  THEN 'listed lang' || new.lang ELSE '' END`

async function sqliteTriggers(db: QueryClientContract, facets: string, columns: string) {
  for (const trigger of ['insert', 'update', 'delete'])
    await db.rawQuery(`DROP TRIGGER IF EXISTS petitions_fts_${trigger}`)
  const insertNew = `INSERT INTO petitions_fts (rowid, title, target, description_text, facets)
      VALUES (new.id, new.title, new.target, new.description_text, ${facets});`
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_insert AFTER INSERT ON petitions BEGIN
      ${insertNew}
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_delete AFTER DELETE ON petitions BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_update AFTER UPDATE OF ${columns} ON petitions
    BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
      ${insertNew}
    END`)
}

/** PostgreSQL: a listed petition's facets, from its row. */
const POSTGRES_FACETS = `petitions_listing_facets(NEW.published AND NEW.hidden_at IS NULL AND NOT NEW.private,
  NEW.lang, NEW.topics, NEW.country)`

/** The columns whose change rewrites a petition's facets. */
const FACET_COLUMNS = 'lang, published, private, hidden_at, topics, country'

/**
 * PostgreSQL: each petition's facets also live in its own row
 * (`listing_facets`, a few lexemes, with a GIN index), so that a topic or
 * country list without a search is one query on the petitions, which the
 * planner reads in the list's order (newest, most signed…) and filters as
 * it goes when the facet is common, or through the GIN index when it is
 * rare. And each petition's search entry, in a narrow table of its own.
 * The words of its title, of its target and of all its text (title,
 * target, description) are kept apart and without positions (`strip`), and
 * its facets beside them, so that an entry is small enough to stay in its
 * row: a search with many matches reads short rows, never the petitions'
 * long ones nor a vector kept out of line; each relevance tier is its own
 * exact match in the GIN index (no weights to recheck row by row).
 */
const POSTGRES_ENTRY = (row: 'NEW' | 'petitions') => `
  strip(to_tsvector('simple', petitions_search_fold(coalesce(${row}.title, '')))),
  strip(to_tsvector('simple', petitions_search_fold(coalesce(${row}.target, '')))),
  strip(to_tsvector('simple', petitions_search_fold(
    concat_ws(' ', ${row}.title, ${row}.target, ${row}.description_text)))),
  ${row}.listing_facets`

async function createPostgresEntries(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_listing_facets(listed boolean, lang text, topics text, country text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN listed THEN array_to_tsvector(
      ARRAY['_listed', '_lang_' || lang]
      || ARRAY(SELECT '_topic_' || replace(topic, '-', '')
               FROM unnest(string_to_array(topics, ' ')) AS topic WHERE topic <> '')
      || CASE WHEN country IS NULL THEN ARRAY[]::text[] ELSE ARRAY['_country_' || lower(country)] END)
    ELSE ''::tsvector END $$`)
  await db.rawQuery(
    `ALTER TABLE petitions ADD COLUMN listing_facets tsvector NOT NULL DEFAULT ''::tsvector`
  )
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_listing_facets_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      NEW.listing_facets := ${POSTGRES_FACETS};
      RETURN NEW;
    END $$`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_listing_facets_write
    BEFORE INSERT OR UPDATE OF ${FACET_COLUMNS} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_listing_facets_write()`)
  await db.rawQuery(`UPDATE petitions SET listing_facets = petitions_listing_facets(
    published AND hidden_at IS NULL AND NOT private, lang, topics, country)`)
  await db.rawQuery(
    'CREATE INDEX petitions_listing_facets_index ON petitions USING gin (listing_facets)'
  )
  await db.rawQuery(`
    CREATE TABLE petition_search_entries (
      petition_id integer PRIMARY KEY REFERENCES petitions (id) ON DELETE CASCADE,
      title tsvector NOT NULL,
      target tsvector NOT NULL,
      words tsvector NOT NULL,
      facets tsvector NOT NULL)`)
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petition_search_entry_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      INSERT INTO petition_search_entries (petition_id, title, target, words, facets)
      VALUES (NEW.id, ${POSTGRES_ENTRY('NEW')})
      ON CONFLICT (petition_id) DO UPDATE SET title = EXCLUDED.title, target = EXCLUDED.target,
        words = EXCLUDED.words, facets = EXCLUDED.facets;
      RETURN NULL;
    END $$`)
  await db.rawQuery('DROP TRIGGER petitions_search_vector_update ON petitions')
  await db.rawQuery('DROP INDEX petitions_search_vector_index')
  await db.rawQuery('ALTER TABLE petitions DROP COLUMN search_vector')
  await db.rawQuery(`
    CREATE TRIGGER petition_search_entry_write
    AFTER INSERT OR UPDATE OF ${INDEXED_COLUMNS} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petition_search_entry_write()`)
  await db.rawQuery(`
    INSERT INTO petition_search_entries (petition_id, title, target, words, facets)
    SELECT petitions.id, ${POSTGRES_ENTRY('petitions')} FROM petitions`)
  await db.rawQuery(`
    CREATE INDEX petition_search_entries_index ON petition_search_entries
    USING gin (words, facets, title, target)`)
}

/** PostgreSQL, back: the search vector in the petitions' rows, as before. */
async function dropPostgresEntries(db: QueryClientContract) {
  await db.rawQuery('DROP TRIGGER petition_search_entry_write ON petitions')
  await db.rawQuery('DROP FUNCTION petition_search_entry_write()')
  await db.rawQuery('DROP TABLE petition_search_entries')
  await db.rawQuery('DROP TRIGGER petitions_listing_facets_write ON petitions')
  await db.rawQuery('DROP FUNCTION petitions_listing_facets_write()')
  await db.rawQuery('ALTER TABLE petitions DROP COLUMN listing_facets')
  await db.rawQuery('DROP FUNCTION petitions_listing_facets(boolean, text, text, text)')
  await db.rawQuery('ALTER TABLE petitions ADD COLUMN search_vector tsvector')
  await db.rawQuery(`
    CREATE TRIGGER petitions_search_vector_update
    BEFORE INSERT OR UPDATE OF ${INDEXED_BEFORE} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_search_vector_update()`)
  await db.rawQuery(`UPDATE petitions SET search_vector =
    petitions_search_vector(title, target, description_text)
    || petitions_search_facets(published AND hidden_at IS NULL, private, lang)`)
  await db.rawQuery(
    'CREATE INDEX petitions_search_vector_index ON petitions USING gin (search_vector)'
  )
}

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.string('topics', 100).notNullable().defaultTo('')
      table.string('country', 2).nullable()
      table.string('region', 100).nullable()
    })
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return createPostgresEntries(db)
      await sqliteTriggers(db, sqliteFacets, INDEXED_COLUMNS)
    })
  }

  async down() {
    // The triggers name the new columns, so they go back first.
    this.defer(async (db) => {
      if (db.dialect.name !== 'postgres')
        return sqliteTriggers(db, sqliteFacetsBefore, INDEXED_BEFORE)
      await dropPostgresEntries(db)
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('region')
      table.dropColumn('country')
      table.dropColumn('topics')
    })
    // SQLite: dropping a column may rebuild the table, which drops its triggers: they come back after.
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return
      await sqliteTriggers(db, sqliteFacetsBefore, INDEXED_BEFORE)
    })
  }
}
