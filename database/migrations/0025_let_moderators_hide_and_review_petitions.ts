import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Moderators hide petitions and review new ones:
 *
 * - `hidden_at`, `hidden_reason`: hidden by a moderator (the public gets a
 *   "removed by moderators" page with the reason; lists, search, open data,
 *   the sitemap and the widget drop it), until a moderator restores it.
 * - `reviewed_at`: when a moderator last acted on it or dismissed its
 *   reports; a published petition never reviewed is new to the queue.
 *
 * A hidden petition is not listed: the search index's "listed" facet now
 * also requires `hidden_at IS NULL`, and a change of `hidden_at` rewrites
 * the petition's search entry.
 */
const INDEXED_COLUMNS = 'title, target, description_text, lang, published, private, hidden_at'

const sqliteFacets = (row: 'new' | 'petitions') =>
  `CASE WHEN ${row}.published = 1 AND ${row}.private = 0 AND ${row}.hidden_at IS NULL
     THEN 'listed lang' || ${row}.lang ELSE '' END`

async function sqliteTriggers(
  db: QueryClientContract,
  facets: (row: 'new') => string,
  columns: string
) {
  for (const trigger of ['insert', 'update'])
    await db.rawQuery(`DROP TRIGGER IF EXISTS petitions_fts_${trigger}`)
  const insertNew = `INSERT INTO petitions_fts (rowid, title, target, description_text, facets)
      VALUES (new.id, new.title, new.target, new.description_text, ${facets('new')});`
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_insert AFTER INSERT ON petitions BEGIN
      ${insertNew}
    END`)
  await db.rawQuery(`
    CREATE TRIGGER petitions_fts_update AFTER UPDATE OF ${columns} ON petitions
    BEGIN
      DELETE FROM petitions_fts WHERE rowid = old.id;
      ${insertNew}
    END`)
}

async function postgresFacets(db: QueryClientContract, withHidden: boolean) {
  await db.rawQuery(`
    CREATE OR REPLACE FUNCTION petitions_search_vector_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN
      NEW.search_vector := petitions_search_vector(NEW.title, NEW.target, NEW.description_text)
        || petitions_search_facets(NEW.published${withHidden ? ' AND NEW.hidden_at IS NULL' : ''}, NEW.private, NEW.lang);
      RETURN NEW;
    END $$`)
  await db.rawQuery('DROP TRIGGER petitions_search_vector_update ON petitions')
  await db.rawQuery(`
    CREATE TRIGGER petitions_search_vector_update
    BEFORE INSERT OR UPDATE OF ${withHidden ? INDEXED_COLUMNS : INDEXED_COLUMNS.replace(', hidden_at', '')} ON petitions
    FOR EACH ROW EXECUTE FUNCTION petitions_search_vector_update()`)
}

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.timestamp('hidden_at').nullable()
      table.text('hidden_reason').nullable()
      table.timestamp('reviewed_at').nullable()
      // The queue's new petitions: published and never reviewed, oldest first.
      table.index(['published', 'reviewed_at', 'created_at'], 'petitions_review_index')
    })
    // Every petition is visible now: no search entry changes, only the triggers.
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return postgresFacets(db, true)
      await sqliteTriggers(db, () => sqliteFacets('new'), INDEXED_COLUMNS)
    })
  }

  async down() {
    // PostgreSQL: the trigger names hidden_at, so it goes back first.
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') await postgresFacets(db, false)
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropIndex([], 'petitions_review_index')
      table.dropColumn('reviewed_at')
      table.dropColumn('hidden_reason')
      table.dropColumn('hidden_at')
    })
    // SQLite: dropping a column rebuilds the table and drops its triggers: they come back after.
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres') return
      await db.rawQuery('DROP TRIGGER IF EXISTS petitions_fts_delete')
      await db.rawQuery(`
        CREATE TRIGGER petitions_fts_delete AFTER DELETE ON petitions BEGIN
          DELETE FROM petitions_fts WHERE rowid = old.id;
        END`)
      await sqliteTriggers(
        db,
        () =>
          `CASE WHEN new.published = 1 AND new.private = 0 THEN 'listed lang' || new.lang ELSE '' END`,
        INDEXED_COLUMNS.replace(', hidden_at', '')
      )
    })
  }
}
