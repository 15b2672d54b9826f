/**
 * Copies of a petition's rows kept in this process for a short time (`ttl()`
 * milliseconds; 0 keeps none), so that a viral petition is read once a
 * second instead of once a request. Callers at the same moment share one
 * load; a load that fails is not kept. `forget` drops the copies of
 * changed petitions, found by id once a copy is loaded.
 *
 * A copy that expired less than `ttl` ago still answers while one caller's
 * load brings the next: a viral petition's requests never all wait, once a
 * second, for the same reload (a copy is at most twice `ttl` old then). An
 * older one, or one forgotten after a change, is loaded before anyone is
 * answered.
 */
export class ExpiringCopies<T> {
  #entries = new Map<string, Entry<T>>()
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
    if (reuse && cached) {
      if (cached.expires > now) return cached.value
      if (cached.loaded && cached.expires + ttl > now) {
        if (!cached.reloading) this.#reload(key, cached, load)
        return cached.value
      }
    }
    return this.#keep(key, load(), now + ttl).value
  }

  /** Loads `key` again while `stale` answers; the new copy replaces it unless it was forgotten. */
  #reload(key: string, stale: Entry<T>, load: () => Promise<T>) {
    stale.reloading = true
    load().then(
      (loaded) => {
        if (this.#entries.get(key) === stale)
          this.#keep(key, Promise.resolve(loaded), Date.now() + this.ttl())
      },
      () => {
        // The next caller loads and waits, and so meets the error itself.
        if (this.#entries.get(key) === stale) this.#entries.delete(key)
      }
    )
  }

  #keep(key: string, loading: Promise<T>, expires: number) {
    const entry: Entry<T> = { expires, value: loading, loaded: false, reloading: false }
    entry.value = loading.then(
      (loaded) => {
        entry.loaded = true
        const petitionId = this.petitionIdOf(loaded)
        if (petitionId !== null) this.#keysById.set(petitionId, key)
        return loaded
      },
      (error) => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key)
        throw error
      }
    )
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    if (this.#entries.size > this.bound) this.#entries.delete(this.#entries.keys().next().value!)
    if (this.#keysById.size > this.bound) this.#keysById.delete(this.#keysById.keys().next().value!)
    return entry
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

type Entry<T> = {
  expires: number
  value: Promise<T>
  /** Whether `value` has resolved: only a loaded copy answers once expired. */
  loaded: boolean
  /** Whether a caller is loading the copy that replaces this expired one. */
  reloading: boolean
}
