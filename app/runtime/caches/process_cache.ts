/**
 * What forgets a process cache's copies before their life ends:
 * - 'petition': any change of a petition drops its copies (found by id);
 * - 'signing': a change of what a sign reads (not its signatures or counts);
 * - 'counts': a counter flush that moved counts drops every copy;
 * - 'rules': a change of the moderators' signing rules drops every copy;
 * - 'nothing': only its life (and a test's `clear()`).
 */
export type ForgottenBy = 'petition' | 'signing' | 'counts' | 'rules' | 'nothing'

export type ProcessCacheOptions<T> = {
  /** What it keeps, in words (the list of caches names each). */
  name: string
  /** Milliseconds a copy answers; 0 keeps none, Infinity keeps it until forgotten or pushed out. */
  life: number | (() => number)
  forgottenBy: ForgottenBy
  /** The petition a copy shows, so that `forget` finds it by the petition's id. */
  petitionIdOf?: (value: T) => number | null
  /** Most copies kept; past it, the least recently loaded goes. */
  bound?: number
  /**
   * Whether a copy that expired less than its life ago still answers while
   * one caller's load brings the next (a copy is at most twice its life old
   * then). Otherwise an expired copy is loaded before anyone is answered.
   */
  staleWhileReloading?: boolean
  /** The clock copies age by (the luxon clock, for a cache whose tests move it). */
  now?: () => number
}

/**
 * Copies kept in this process for their life, by key. Callers at the same
 * moment share one load; a load that fails is not kept; a copy forgotten
 * while it loads is not kept either (a load begun before a change never
 * brings back what the change dropped).
 */
export class ProcessCache<T> {
  readonly name: string
  readonly forgottenBy: ForgottenBy
  #entries = new Map<string, Entry<T>>()
  #keysById = new Map<number, string>()
  #life: () => number
  #petitionIdOf: (value: T) => number | null
  #bound: number
  #staleWhileReloading: boolean
  #now: () => number

  constructor(options: ProcessCacheOptions<T>) {
    const { life } = options
    this.name = options.name
    this.forgottenBy = options.forgottenBy
    this.#life = typeof life === 'number' ? () => life : life
    this.#petitionIdOf = options.petitionIdOf ?? (() => null)
    this.#bound = options.bound ?? 1000
    this.#staleWhileReloading = options.staleWhileReloading ?? false
    this.#now = options.now ?? (() => Date.now())
  }

  /** The copy of `key`, or `load()` kept as it; `reuse: false` loads afresh and keeps that. */
  get(key: string, load: () => Promise<T>, { reuse = true } = {}): Promise<T> {
    const life = this.#life()
    if (life <= 0) return load()
    const now = this.#now()
    const cached = this.#entries.get(key)
    if (reuse && cached) {
      if (cached.expires > now) return cached.value
      if (this.#staleWhileReloading && cached.loaded && cached.expires + life > now) {
        if (!cached.reloading) this.#reload(key, cached, load)
        return cached.value
      }
    }
    return this.#keep(key, load(), now + life).value
  }

  /** Loads `key` again while `stale` answers; the new copy replaces it unless it was forgotten. */
  #reload(key: string, stale: Entry<T>, load: () => Promise<T>) {
    stale.reloading = true
    load().then(
      (loaded) => {
        if (this.#entries.get(key) === stale)
          this.#keep(key, Promise.resolve(loaded), this.#now() + this.#life())
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
        const petitionId = this.#petitionIdOf(loaded)
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
    if (this.#entries.size > this.#bound) this.#entries.delete(this.#entries.keys().next().value!)
    if (this.#keysById.size > this.#bound)
      this.#keysById.delete(this.#keysById.keys().next().value!)
    return entry
  }

  /** Drops the copies of these petitions (those whose copies name them, once loaded). */
  forget(petitionIds: number[]) {
    for (const petitionId of petitionIds) {
      const key = this.#keysById.get(petitionId)
      if (key) this.#entries.delete(key)
    }
  }

  /** Drops every copy: the next caller loads afresh. */
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
