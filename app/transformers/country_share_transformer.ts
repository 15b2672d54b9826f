import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CountryShare } from '#shared/petitions/country_counts'

/**
 * A country of a petition on its moderation page: its count, its share of
 * the petition, its share of the rest of the site, and whether it stands
 * out. The page names it in the moderator's language.
 */
export default class CountryShareTransformer extends BaseTransformer<CountryShare> {
  toObject() {
    const { code, count, share, siteShare, outlier } = this.resource
    return { code, count, share, siteShare, outlier }
  }
}
