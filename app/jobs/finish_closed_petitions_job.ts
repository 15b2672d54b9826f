import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { finishClosedPetitions } from '#services/petitions/closing'

/**
 * Every ten minutes: petitions whose closing date has come are finished
 * (signing stopped at that moment already) and their owners told, once.
 */
export default class FinishClosedPetitionsJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    await finishClosedPetitions()
  }
}
