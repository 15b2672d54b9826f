/** A query builder over `petitions`, of the model or of the database. */
interface PetitionsQuery<Self> {
  where(column: string, value: boolean): Self
  whereNull(column: string): Self
}

/**
 * Petitions the public may see: published and not hidden by moderators.
 * Every public surface (page data aside, which answers 410 itself) reads
 * through this, so that "public" has one meaning.
 */
export function wherePublic<Query extends PetitionsQuery<Query>>(query: Query): Query {
  return query.where('petitions.published', true).whereNull('petitions.hidden_at')
}
