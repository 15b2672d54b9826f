/**
 * Reads by key that arrive in the same turn of the event loop, answered by
 * one query for all their keys: on PostgreSQL each query is a round trip
 * with its own protocol work on both sides, and a surge of confirmation
 * links read their rows one by one. `readAll` answers the rows it found by
 * key; a key it did not find reads as undefined, and readers of one key
 * share its row. A failed query fails every read of its turn.
 */
export function readsTogether<Key, Row>(readAll: (keys: Key[]) => Promise<Map<Key, Row>>) {
  let waiting: Map<Key, Array<PromiseWithResolvers<Row | undefined>>> | null = null

  async function answer(readers: NonNullable<typeof waiting>) {
    try {
      const rows = await readAll([...readers.keys()])
      for (const [key, promises] of readers) {
        for (const promise of promises) promise.resolve(rows.get(key))
      }
    } catch (error) {
      for (const promises of readers.values()) {
        for (const promise of promises) promise.reject(error)
      }
    }
  }

  return function read(key: Key): Promise<Row | undefined> {
    if (!waiting) {
      const readers = (waiting = new Map())
      setImmediate(() => {
        waiting = null
        void answer(readers)
      })
    }
    const promise = Promise.withResolvers<Row | undefined>()
    const promises = waiting.get(key)
    if (promises) promises.push(promise)
    else waiting.set(key, [promise])
    return promise.promise
  }
}
