import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import type { Disk } from '@adonisjs/drive'
import { PRIVATE_DISKS } from '#config/drive'

/** Every disk a private file may be on (`PRIVATE_DISKS`). */
export function privateDisks(): Disk[] {
  return PRIVATE_DISKS.map((name) => drive.use(name))
}

/**
 * Deletes private files (the photos of paper sheets, which show signers'
 * names) from every disk that may hold them: the one in use and, on the
 * bucket, the local folder the site moved from. A file already gone is no
 * error; a disk that refuses throws once every other deletion was tried,
 * so that the caller can try again later.
 */
export async function deletePrivateFiles(keys: string[], disks: Disk[] = privateDisks()) {
  const failures: unknown[] = []
  for (const disk of disks) {
    for (const key of keys) await disk.delete(key).catch((error) => failures.push(error))
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} private file deletion(s) failed`)
  }
}

/**
 * The same, for files whose rows are already gone (nothing would try
 * again): a failure is logged with the keys, for the operator to delete.
 */
export async function deletePrivateFilesOrLog(keys: string[]) {
  try {
    await deletePrivateFiles(keys)
  } catch (error) {
    logger.error({ err: error, keys }, 'private files left on a disk: delete them by hand')
  }
}
