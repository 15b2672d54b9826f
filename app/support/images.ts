import sharp, { type ResizeOptions } from 'sharp'
import { readFile } from 'node:fs/promises'
import { RefusedUpload, StorageUnavailable } from '#support/uploads'

/** A file that is not a readable PNG or JPEG, whatever its name says. */
export class NotAnImage extends RefusedUpload {
  readonly rule = 'image'
}

/** A picture whose header declares more pixels than MAX_INPUT_PIXELS. */
export class TooManyPixels extends RefusedUpload {
  readonly rule = 'pixels'
}

/**
 * The most pixels an uploaded picture may declare: 40 megapixels, above any
 * phone camera. Decoding is refused beyond it, so a small file that claims
 * 16,000 × 16,000 pixels costs neither seconds nor a gigabyte of memory.
 */
export const MAX_INPUT_PIXELS = 40_000_000

/** PNG or JPEG by its first bytes, whatever the file's name or declared type. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((byte, index) => bytes[index] === byte)) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return null
}

/**
 * An uploaded picture, checked by its bytes and re-encoded:
 * turned upright from its EXIF orientation, resized, flattened on white and
 * written as JPEG without any metadata (EXIF, GPS, ICC). Anything that is not
 * a readable PNG or JPEG throws NotAnImage; one that declares more than
 * MAX_INPUT_PIXELS throws TooManyPixels before any decoding.
 */
export async function reencodeUpload(uploadedPath: string, resize: ResizeOptions): Promise<Buffer> {
  const original = await readFile(uploadedPath)
  if (!imageKind(original)) throw new NotAnImage()
  // The header alone tells the size: nothing is decoded to read it.
  const { width, height } = await sharp(original, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new NotAnImage()
    })
  if (!width || !height) throw new NotAnImage()
  if (width * height > MAX_INPUT_PIXELS) throw new TooManyPixels()
  try {
    return await sharp(original, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(resize)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
  } catch {
    throw new NotAnImage()
  }
}

/**
 * The translation key that explains why an upload was refused: too large (in
 * bytes or in pixels), not a PNG/JPEG (by its name or by its content), or
 * not taken by the storage just now. Null for other errors.
 */
export function uploadRefusalKey(error: unknown): string | null {
  if (error instanceof StorageUnavailable) return 'validator.shared.messages.storage'
  if (error instanceof NotAnImage) return 'page.my.avatar_not_image'
  if (error instanceof TooManyPixels) return 'page.my.image_too_many_pixels'
  const messages = error as { code?: string; messages?: Array<{ field: string; rule: string }> }
  if (
    messages?.code !== 'E_VALIDATION_ERROR' ||
    !messages.messages?.some((message) => message.field === 'file')
  )
    return null
  return messages.messages.some((message) => message.rule === 'file.size')
    ? 'page.my.avatar_too_large'
    : 'page.my.avatar_not_image'
}

/** The status of a refused upload: 503 when the storage did not take it (send it again later). */
export function uploadRefusalStatus(error: unknown) {
  return error instanceof StorageUnavailable ? 503 : 422
}
