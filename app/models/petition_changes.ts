import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Petition from '#models/petition'
import PetitionChanged from '#events/petition_changed'

/**
 * What changed in a petition, for its listeners: what its page shows
 * ('page': text, settings, responses, visibility), only its signatures
 * ('signatures': one confirmed, withdrawn or switched off; the petition
 * itself did not change), or its counts ('counts': a counter flush, a
 * moderator's decision on paper signatures).
 */
export type PetitionChange = 'page' | 'signatures' | 'counts'

export type PetitionKey = { id: number } | { guid: string }

/**
 * The petitions one transaction changes. A writer locks the row it changes
 * through `lock` (a concurrent writer waits, and sees the change, never
 * overwrites it), or marks the petitions a set-based write changed; once
 * the transaction commits, and never before, `PetitionChanged` is
 * dispatched once per kind of change: a request in between would cache the
 * page from before the change again, and a rollback changed nothing.
 */
export class PetitionChanges {
  #marked = new Map<PetitionChange, Set<number>>()

  // Bound to the instance, so that a writer may take them apart: ({ trx, lock }) => …

  constructor(readonly trx: TransactionClientContract) {}

  /**
   * Locks the petition's row for this transaction and marks it changed
   * (`change` null: a write of nothing its page shows, such as the
   * milestone its deliveries reached); null when there is none.
   */
  lock = async (
    key: PetitionKey,
    change: PetitionChange | null = 'page'
  ): Promise<Petition | null> => {
    const petition = await this.#locking(key).first()
    if (petition && change) this.mark(change, petition.id)
    return petition
  }

  /** The same, for a petition that must exist: Lucid's not-found error (a 404) otherwise. */
  lockOrFail = async (key: PetitionKey, change: PetitionChange = 'page'): Promise<Petition> => {
    const petition = await this.#locking(key).firstOrFail()
    this.mark(change, petition.id)
    return petition
  }

  /**
   * Locks a petition for a bulk change of its signatures (an invalidation,
   * its undo) and marks it changed. On PostgreSQL, one such change of a
   * petition at a time: two never wait on each other's rows in different
   * orders. NO KEY UPDATE leaves the key-share locks of signing and counting
   * alone. SQLite runs one write at a time anyway.
   */
  lockForSignatures = async (petitionId: number, change: PetitionChange = 'page') => {
    if (this.trx.dialect.name === 'postgres') {
      await this.trx.rawQuery('SELECT id FROM petitions WHERE id = ? FOR NO KEY UPDATE', [
        petitionId,
      ])
    }
    this.mark(change, petitionId)
  }

  #locking(key: PetitionKey) {
    const query = Petition.query({ client: this.trx }).forUpdate()
    return 'id' in key ? query.where('id', key.id) : query.where('guid', key.guid)
  }

  /** Marks petitions this transaction changed (rows it locked or updated itself). */
  mark = (change: PetitionChange, ...petitionIds: number[]) => {
    const marked = this.#marked.get(change) ?? new Set<number>()
    for (const id of petitionIds) marked.add(id)
    this.#marked.set(change, marked)
  }

  /**
   * The events this transaction's changes make, one per kind: a change of
   * the page or of the counts covers one of its signatures.
   */
  #events() {
    const page = this.#marked.get('page') ?? new Set<number>()
    const counts = [...(this.#marked.get('counts') ?? [])]
    const signatures = [...(this.#marked.get('signatures') ?? [])].filter(
      (id) => !page.has(id) && !counts.includes(id)
    )
    const events: ConstructorParameters<typeof PetitionChanged>[] = [
      [[...page]],
      [counts, true],
      [signatures, false, true],
    ]
    return events.filter(([petitionIds]) => petitionIds.length > 0)
  }

  /** Dispatches the changes (after the commit); resolves once their listeners have run. */
  async announce(): Promise<void> {
    await Promise.all(this.#events().map((event) => PetitionChanged.announce(...event)))
  }
}

/**
 * The one way to change petitions: runs `work` in a transaction (the
 * caller's `client`, or a new one) with the changes it collects, and
 * dispatches `PetitionChanged` once that transaction has committed.
 * `waitForListeners` resolves only once the listeners have run (a counter
 * flush resolves when the pages have its counts); otherwise they run after
 * the answer, and a listener's failure is logged, never the writer's.
 */
export async function changePetitions<T>(
  work: (changes: PetitionChanges) => Promise<T>,
  {
    client,
    waitForListeners = false,
  }: { client?: TransactionClientContract; waitForListeners?: boolean } = {}
): Promise<T> {
  if (client) {
    const changes = new PetitionChanges(client)
    // Before the work, which may commit the caller's transaction itself.
    client.after('commit', () => void changes.announce())
    return work(changes)
  }
  let changes: PetitionChanges | null = null
  const result = await db.transaction(async (trx) => {
    changes = new PetitionChanges(trx)
    return work(changes)
  })
  const announced = changes!.announce()
  if (waitForListeners) await announced
  return result
}

/**
 * Changes one petition: locks its row in a transaction and hands it to
 * `work`, then dispatches its change after the commit. Resolves to null,
 * without calling `work`, when there is no such petition.
 */
export function changePetition<T>(
  key: PetitionKey,
  work: (petition: Petition, trx: TransactionClientContract) => Promise<T>,
  options: { change?: PetitionChange | null; client?: TransactionClientContract } = {}
): Promise<T | null> {
  return changePetitions(async (changes) => {
    const petition = await changes.lock(key, options.change)
    return petition ? work(petition, changes.trx) : null
  }, options)
}

/**
 * For a set-based writer in a transaction of its own (a batch of
 * confirmations, a counter flush): the petitions it changed hear of it once
 * `trx` commits.
 */
export function markChangedIn(
  trx: TransactionClientContract,
  change: PetitionChange,
  ...ids: number[]
) {
  if (ids.length === 0) return
  return changePetitions(async ({ mark }) => mark(change, ...ids), { client: trx })
}
