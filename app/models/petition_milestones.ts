import { BaseModel, beforeSave, column } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { milestonesOf, nextMilestone } from '#shared/petitions/milestones'

/**
 * A petition's milestones (see shared/petitions/milestones): the owner's
 * list besides the target, the last one whose recipients were told, and
 * the next one the counter's flush watches for, which follows the other
 * two on every save.
 */
export function withMilestones<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class PetitionMilestones extends superclass {
    /** The owner's milestones besides the target, stored as a JSON list. */
    @column({
      serializeAs: null,
      prepare: (value: number[] | null) =>
        value && value.length > 0 ? JSON.stringify(value) : null,
      consume: (value: string | null) => (value ? (JSON.parse(value) as number[]) : []),
    })
    declare milestones: number[]

    /** The highest milestone whose recipients were told; 0 before the first. */
    @column({ serializeAs: null })
    declare milestoneReached: number

    /** The milestone the counter's flush compares the support with; null when none is left. */
    @column({ serializeAs: null })
    declare nextMilestone: number | null

    /**
     * The milestone the counter's flush watches for follows the target, the
     * owner's list and the last one reached, on every save that moves them.
     */
    @beforeSave()
    static watchNextMilestone(petition: PetitionMilestones & { targetSignatures: number }) {
      const dirty = petition.$dirty
      if (
        petition.$isPersisted &&
        dirty.targetSignatures === undefined &&
        dirty.milestones === undefined &&
        dirty.milestoneReached === undefined
      ) {
        return
      }
      petition.nextMilestone = nextMilestone(
        milestonesOf(petition.targetSignatures, petition.milestones ?? []),
        petition.milestoneReached ?? 0
      )
    }
  }
  return PetitionMilestones
}
