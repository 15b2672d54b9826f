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
 * alone, as a language is. Existing petitions have neither: their entries
 * stay as they are; only the triggers change.
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

/** PostgreSQL: the search vector's facets, built by one function the trigger calls. */
async function postgresFacets(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_listing_facets(listed boolean, lang text, topics text, country text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN listed THEN array_to_tsvector(
      ARRAY['_listed', '_lang_' || lang]
      || ARRAY(SELECT '_topic_' || replace(topic, '-', '')
               FROM unnest(string_to_array(topics, ' ')) AS topic WHERE topic <> '')
      || CASE WHEN country IS NULL THEN ARRAY[]::text[] ELSE ARRAY['_country_' || lower(country)] END)
    ELSE ''::tsvector END $$`)
  await postgresTrigger(
    db,
    `petitions_listing_facets(NEW.published AND NEW.hidden_at IS NULL AND NOT NEW.private, NEW.lang, NEW.topics, NEW.country)`,
    INDEXED_COLUMNS
  )
}

async function postgresTrigger(db: QueryClientContract, facets: string, columns: string) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_vector_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      NEW.search_vector := petitions_search_vector(NEW.title, NEW.target, NEW.description_text)
        || ${facets};
      RETURN NEW;
    END $$`)
  await db.rawQuery('DROP TRIGGER petitions_search_vector_update ON petitions')
  await db.rawQuery(`
    CREATE TRIGGER petitions_search_vector_update
    BEFORE INSERT OR UPDATE OF ${columns} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_search_vector_update()`)
}

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.string('topics', 100).notNullable().defaultTo('')
      table.string('country', 2).nullable()
      table.string('region', 100).nullable()
    })
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return postgresFacets(db)
      await sqliteTriggers(db, sqliteFacets, INDEXED_COLUMNS)
    })
  }

  async down() {
    // The triggers name the new columns, so they go back first.
    this.defer(async (db) => {
      if (db.dialect.name !== 'postgres')
        return sqliteTriggers(db, sqliteFacetsBefore, INDEXED_BEFORE)
      await postgresTrigger(
        db,
        'petitions_search_facets(NEW.published AND NEW.hidden_at IS NULL, NEW.private, NEW.lang)',
        INDEXED_BEFORE
      )
      await db.rawQuery('DROP FUNCTION petitions_listing_facets(boolean, text, text, text)')
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
