import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { reencodeUpload } from '#support/images'
import { putUpload, UPLOAD_WRITE_OPTIONS, uploadUrl } from '#support/uploads'
import type User from '#models/user'

const AVATAR_SIZE = 400

/**
 * Re-encodes an uploaded picture to a 400 px square JPEG: turned upright from
 * its EXIF orientation, then written without any metadata (EXIF, GPS, ICC).
 * The previous upload is deleted; returns the new public URL.
 */
export async function replaceAvatar(user: User, uploadedPath: string) {
  const encoded = await reencodeUpload(uploadedPath, {
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
    fit: 'cover',
    position: 'attention',
  })

  const disk = drive.use()
  const key = `avatars/${user.id}-${randomUUID()}.jpg`
  await putUpload(disk, key, encoded, { contentType: 'image/jpeg', ...UPLOAD_WRITE_OPTIONS })

  const previous = user.avatar
  user.avatar = uploadUrl(key)
  try {
    await user.save()
  } catch (error) {
    // The account does not name the file: it goes too.
    user.avatar = previous
    await disk.delete(key).catch(() => {})
    throw error
  }

  if (previous?.startsWith('/uploads/avatars/')) {
    await disk.delete(previous.replace(/^\/uploads\//, '')).catch(() => {})
  }
  return user.avatar
}
