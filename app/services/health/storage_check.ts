import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { BaseCheck, Result } from '@adonisjs/core/health'
import type { Disk } from '@adonisjs/drive'

/**
 * The uploads' storage takes a file and gives it back: a small probe is
 * written, read and deleted on the disk the site stores uploads on (the
 * local folder, or the bucket).
 */
export class StorageCheck extends BaseCheck {
  name = 'storage'

  constructor(private diskOf: () => Disk = () => drive.use()) {
    super()
  }

  async run() {
    const disk = this.diskOf()
    const key = `health/probe-${randomUUID()}.txt`
    try {
      await disk.put(key, 'ok', { visibility: 'private' })
      const read = await disk.get(key)
      await disk.delete(key)
      if (read !== 'ok') return Result.failed('The storage gave back another content than it took')
      return Result.ok('The storage takes and gives back files')
    } catch (error) {
      return Result.failed('The storage refused a file', error as Error)
    }
  }
}
