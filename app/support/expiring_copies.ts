/**
 * Copies of a petition's rows kept in this process for a short time (`ttl()`
 * milliseconds; 0 keeps none), so that a viral petition is read once a
 * second instead of once a request. Callers at the same moment share one
 * load; a load that fails is not kept. `forget` drops the copies of
 * changed petitions, found by id once a copy is loaded.
 */
export class ExpiringCopies<T> {
  #entries = new Map<string, { expires: number; value: Promise<T> }>()
  #keysById = new Map<number, string>()

  constructor(
    private ttl: () => number,
    private petitionIdOf: (value: T) => number | null,
    /** Expired entries go as they are replaced; the bound keeps the map small. */
    private bound = 1000
  ) {}

  get(key: string, load: () => Promise<T>, { reuse = true } = {}): Promise<T> {
    const ttl = this.ttl()
    if (ttl <= 0) return load()
    const now = Date.now()
    const cached = this.#entries.get(key)
    if (reuse && cached && cached.expires > now) return cached.value
    const value = load().then(
      (loaded) => {
        const petitionId = this.petitionIdOf(loaded)
        if (petitionId !== null) this.#keysById.set(petitionId, key)
        return loaded
      },
      (error) => {
        this.#entries.delete(key)
        throw error
      }
    )
    this.#entries.set(key, { expires: now + ttl, value })
    if (this.#entries.size > this.bound) this.#entries.delete(this.#entries.keys().next().value!)
    if (this.#keysById.size > this.bound) this.#keysById.delete(this.#keysById.keys().next().value!)
    return value
  }

  forget(petitionIds: number[]) {
    for (const petitionId of petitionIds) {
      const key = this.#keysById.get(petitionId)
      if (key) this.#entries.delete(key)
    }
  }

  clear() {
    this.#entries.clear()
  }
}
