import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { BaseCheck, Result } from '@adonisjs/core/health'
import type { Disk } from '@adonisjs/drive'

/**
 * A probe written to a bucket is a paid request: once it succeeded, the
 * storage counts as taking files for this long without another one.
 */
export const STORAGE_PROBE_EVERY_MS = 60_000

/**
 * The uploads' storage takes a file and gives it back: a small probe is
 * written, read and deleted on the disk the site stores uploads on (the
 * local folder, or the bucket), at most once every STORAGE_PROBE_EVERY_MS
 * while it succeeds. A failed probe is not kept: the next run writes again,
 * so a node is ready as soon as its storage is back.
 */
export class StorageCheck extends BaseCheck {
  name = 'storage'
  #succeededAt: number | null = null

  constructor(
    private diskOf: () => Disk = () => drive.use(),
    private probeEveryMs = STORAGE_PROBE_EVERY_MS
  ) {
    super()
  }

  async run() {
    const now = Date.now()
    if (this.#succeededAt !== null && now - this.#succeededAt < this.probeEveryMs) {
      return Result.ok('The storage took and gave back a file within the last minute')
    }
    const disk = this.diskOf()
    const key = `health/probe-${randomUUID()}.txt`
    try {
      await disk.put(key, 'ok', { visibility: 'private' })
      const read = await disk.get(key)
      await disk.delete(key)
      if (read !== 'ok') return Result.failed('The storage gave back another content than it took')
      this.#succeededAt = now
      return Result.ok('The storage takes and gives back files')
    } catch (error) {
      return Result.failed('The storage refused a file', error as Error)
    }
  }

  /** The next run probes the storage again. */
  forget() {
    this.#succeededAt = null
  }
}
