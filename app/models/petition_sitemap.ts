import { afterDelete, afterSave, BaseModel, beforeSave } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import CacheVersion from '#models/cache_version'

/** Listed in the sitemap: public (published, not hidden) and not private. */
function inSitemap(values: { published?: boolean; private?: boolean; hiddenAt?: unknown }) {
  return Boolean(values.published) && !values.private && !values.hiddenAt
}

/**
 * The sitemap (services/seo/sitemap) lists public, not private petitions:
 * a save or deletion that brings one in or takes one out gives it a new
 * version, after the row is written and in the same transaction, so that
 * every worker rebuilds it at its next request once that commits. Every
 * such change (publishing, hiding, making private, deleting) saves the model.
 */
export function withSitemapVersion<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  /** Saves that bring a petition into the sitemap or take it out, until they are written. */
  const sitemapChanges = new WeakSet<PetitionInSitemap>()

  class PetitionInSitemap extends superclass {
    @beforeSave()
    static noteSitemapChange(petition: PetitionInSitemap) {
      const before = petition.$isPersisted && inSitemap(petition.$original)
      if (before !== inSitemap(petition.$attributes)) sitemapChanges.add(petition)
    }

    @afterSave()
    static async changeSitemap(petition: PetitionInSitemap) {
      if (sitemapChanges.delete(petition)) await CacheVersion.renew('sitemap', petition.$trx)
    }

    @afterDelete()
    static async leaveSitemap(petition: PetitionInSitemap) {
      if (inSitemap(petition.$original)) await CacheVersion.renew('sitemap', petition.$trx)
    }
  }
  return PetitionInSitemap
}
