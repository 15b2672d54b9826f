import drive from '@adonisjs/drive/services/main'
import { uploadKeyOf } from '#support/uploads'
import type { Disk } from '@adonisjs/drive'

/**
 * Where anyone reads the upload at /uploads/{segments} on the bucket's disk:
 * the object's public address, or null when no upload has that path (a key
 * the app could not have written, or an object that is not there).
 */
export async function publicLocationOf(segments: string[], disk: Disk = drive.use()) {
  const key = uploadKeyOf(segments)
  if (!key || !(await disk.exists(key))) return null
  return disk.getUrl(key)
}
