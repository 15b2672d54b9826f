import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { createSqliteIndex } from './0021_search_filter_and_sort_petitions.js'

/** The columns whose change rewrites a petition's search entry. */
const INDEXED_COLUMNS = 'title, target, description_text, lang, published, private'

/**
 * PostgreSQL: a listed petition's search vector also holds `_listed` and
 * `_lang_{lang}`, lexemes without positions that no search can produce (a
 * search passes letters and digits only), so that the GIN index answers
 * "matches these words, listed, in this language" on its own.
 */
async function addPostgresFacets(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_facets(published boolean, private boolean, lang text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN published AND NOT private
      THEN array_to_tsvector(ARRAY['_listed', '_lang_' || lang]) ELSE ''::tsvector END $$`)
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_vector_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      NEW.search_vector := petitions_search_vector(NEW.title, NEW.target, NEW.description_text)
        || petitions_search_facets(NEW.published, NEW.private, NEW.lang);
      RETURN NEW;
    END $$`)
  await db.rawQuery('DROP TRIGGER petitions_search_vector_update ON petitions')
  await db.rawQuery(`
    CREATE TRIGGER petitions_search_vector_update
    BEFORE INSERT OR UPDATE OF ${INDEXED_COLUMNS} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_search_vector_update()`)
  await db.rawQuery(`UPDATE petitions SET search_vector =
    petitions_search_vector(title, target, description_text)
    || petitions_search_facets(published, private, lang)`)
}

async function removePostgresFacets(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_vector_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      NEW.search_vector := petitions_search_vector(NEW.title, NEW.target, NEW.description_text);
      RETURN NEW;
    END $$`)
  await db.rawQuery('DROP TRIGGER petitions_search_vector_update ON petitions')
  await db.rawQuery(`
    CREATE TRIGGER petitions_search_vector_update
    BEFORE INSERT OR UPDATE OF title, target, description_text ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_search_vector_update()`)
  await db.rawQuery(
    'UPDATE petitions SET search_vector = petitions_search_vector(title, target, description_text)'
  )
  await db.rawQuery('DROP FUNCTION petitions_search_facets(boolean, boolean, text)')
}

/** A petition row's facets column: `listed lang{lang}` when listed, nothing otherwise. */
const sqliteFacets = (row: 'new' | 'petitions') =>
  `CASE WHEN ${row}.published = 1 AND ${row}.private = 0 THEN 'listed lang' || ${row}.lang ELSE '' END`

async function dropSqliteIndex(db: QueryClientContract) {
  for (const trigger of ['insert', 'delete', 'update'])
    await db.rawQuery(`DROP TRIGGER IF EXISTS petitions_fts_${trigger}`)
  await db.rawQuery('DROP TABLE IF EXISTS petitions_fts')
}

/**
 * SQLite: the FTS5 table gets a fourth column, `facets` (`listed` and
 * `lang{lang}` for a listed petition), so that a search's count and its
 * best matches come from the index alone, filtered by listing and
 * language inside it. A column that `petitions` does not have cannot be
 * read back from it, so the table keeps no content (contentless, with
 * deletes), which the search never needed: it reads ids and scores only.
 */
async function createSqliteIndexWithFacets(db: QueryClientContract) {
  await db.rawQuery(`
    CREATE VIRTUAL TABLE petitions_fts USING fts5(
      title, target, description_text, facets,
      content='', contentless_delete=1,
      tokenize='unicode61 remove_diacritics 2')`)
  const insertNew = `INSERT INTO petitions_fts (rowid, title, target, description_text, facets)
      VALUES (new.id, new.title, new.target, new.description_text, ${sqliteFacets('new')});`
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_insert AFTER INSERT ON petitions BEGIN
      ${insertNew}
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_delete AFTER DELETE ON petitions BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_update AFTER UPDATE OF ${INDEXED_COLUMNS} ON petitions
    BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
      ${insertNew}
    END`)
  await db.rawQuery(`
    INSERT INTO petitions_fts (rowid, title, target, description_text, facets)
    SELECT id, title, target, description_text, ${sqliteFacets('petitions')} FROM petitions`)
}

/**
 * The search index knows which petitions the public list shows and in
 * which language, so that a search is answered by the index without
 * reading each matching petition (a common word matches thousands).
 * Its listing facet must follow whatever decides that a petition is listed.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return addPostgresFacets(db)
      await dropSqliteIndex(db)
      await createSqliteIndexWithFacets(db)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return removePostgresFacets(db)
      await dropSqliteIndex(db)
      await createSqliteIndex(db)
    })
  }
}
