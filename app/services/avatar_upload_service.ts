import sharp from 'sharp'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import drive from '@adonisjs/drive/services/main'
import type User from '#models/user'

const AVATAR_SIZE = 400

export class NotAnImage extends Error {}

/** PNG or JPEG by its first bytes, whatever the file's name or declared type (decisions 17). */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((byte, index) => bytes[index] === byte)) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return null
}

/**
 * Re-encodes an uploaded picture to a 400 px square JPEG: turned upright from
 * its EXIF orientation, then written without any metadata (EXIF, GPS, ICC).
 * The previous upload is deleted; returns the new public URL.
 */
export async function replaceAvatar(user: User, uploadedPath: string) {
  const original = await readFile(uploadedPath)
  if (!imageKind(original)) throw new NotAnImage()

  let encoded: Buffer
  try {
    encoded = await sharp(original, { failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
  } catch {
    throw new NotAnImage()
  }

  const disk = drive.use()
  const key = `avatars/${user.id}-${randomUUID()}.jpg`
  await disk.put(key, encoded, { contentType: 'image/jpeg' })

  const previous = user.avatar
  user.avatar = await disk.getUrl(key)
  await user.save()

  if (previous?.startsWith('/uploads/avatars/')) {
    await disk.delete(previous.replace(/^\/uploads\//, '')).catch(() => {})
  }
  return user.avatar
}
