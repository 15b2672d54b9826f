import type { InvalidationFilter, InvalidationCount } from '#shared/fraud/invalidation_filter'
import { moderatedPetition } from '#services/moderation/petition_file'
import { historyOf } from '#services/petitions/versions'
import { cachedSigningTrends } from '#services/fraud/trends'
import { invalidationsOf, previewInvalidation } from '#services/fraud/invalidation'
import { petitionRules } from '#services/fraud/rule_changes'

/** The bulk invalidation's form as the query string asked it (see `askedInvalidationCount`). */
export type AskedInvalidation = {
  fields: InvalidationCount['filter']
  filter: Omit<InvalidationFilter, 'upToId'> | null
  errors: Record<string, string>
}

/**
 * Everything a moderator's page of one petition shows: its file (reports,
 * trail, alerts, countries, paper batches), its versions with their authors,
 * its signing trends, its invalidations, the count before the bulk
 * invalidation the query string asked for (reads only), and its signing
 * rules. Null for an unknown id.
 */
export async function loadModerationPage(petitionId: number, asked: AskedInvalidation) {
  const file = await moderatedPetition(petitionId)
  if (!file) return null
  const { petition } = file
  const [history, trends, invalidations, count, signingRules] = await Promise.all([
    historyOf(petition, { withAuthors: true }),
    cachedSigningTrends(petition),
    invalidationsOf(petition.id),
    asked.filter ? previewInvalidation(petition.id, asked.filter) : null,
    petitionRules(petition),
  ])
  const invalidation: InvalidationCount = { filter: asked.fields, count, errors: asked.errors }
  return { ...file, history, trends, invalidations, invalidation, signingRules }
}

export type ModerationPage = NonNullable<Awaited<ReturnType<typeof loadModerationPage>>>
