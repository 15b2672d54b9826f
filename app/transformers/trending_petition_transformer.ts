import type Petition from '#models/petition'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { petitionProgress } from '#shared/petitions/progress'

/**
 * A petition gaining signatures now, as the home page lists it: its title,
 * addressee, counts and the signatures it gained in the last 24 hours.
 */
export default class TrendingPetitionTransformer extends BaseTransformer<Petition> {
  constructor(
    petition: Petition,
    private recentSignatures: number
  ) {
    super(petition)
  }

  toObject() {
    const petition = this.resource
    const { totalSignatures, percentage } = petitionProgress(petition)
    return {
      ...this.pick(petition, ['guid', 'slug', 'title', 'target', 'targetSignatures']),
      totalSignatures,
      percentage,
      /** Signatures counted in the last 24 hours. */
      recentSignatures: this.recentSignatures,
    }
  }
}
