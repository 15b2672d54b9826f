/*
|--------------------------------------------------------------------------
| Where uploads live and how they are addressed
|--------------------------------------------------------------------------
|
| Every upload is known by its key on the disk (`petitions/{guid}/{uuid}.jpg`,
| `avatars/{id}-{uuid}.jpg`) and stored in the database as `/uploads/{key}`,
| whichever disk holds it: the local folder serves that path itself, the
| bucket's disk answers it with a redirect to the object. So the data, and
| the rich text that may only show the site's own media, never change when a
| site moves its uploads into a bucket.
|
*/
import type { Disk } from '@adonisjs/drive'
import type { WriteOptions } from 'flydrive/types'
import type { S3DriverOptions } from 'flydrive/drivers/s3/types'

export const UPLOADS_BASE = '/uploads'

/** A key is a fresh UUID name, never rewritten: any cache may keep it for a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** How long a browser or a shared cache keeps the redirect to a bucket's object. */
export const UPLOAD_REDIRECT_CACHE_CONTROL = 'public, max-age=86400'

/** What every upload is written with: public, cached for good. */
export const UPLOAD_WRITE_OPTIONS = {
  visibility: 'public',
  cacheControl: UPLOAD_CACHE_CONTROL,
} as const

/**
 * An upload the site refused, with the rule that explains it under the
 * form's file field (validator.json): not a picture, too many pixels, or not
 * stored just now. The exception handler answers a form that sent one as a
 * validator's refusal would.
 */
export abstract class RefusedUpload extends Error {
  abstract readonly rule: 'image' | 'pixels' | 'storage'
}

/**
 * The storage did not take an upload: the bucket unreachable or refusing,
 * the disk full. Nothing was kept; the same file may be sent again later.
 */
export class StorageUnavailable extends RefusedUpload {
  readonly rule = 'storage'
}

/**
 * Writes an upload to its disk, before any row names it: a write that
 * fails leaves nothing behind, and is a StorageUnavailable.
 */
export async function putUpload(disk: Disk, key: string, bytes: Uint8Array, options: WriteOptions) {
  try {
    await disk.put(key, bytes, options)
  } catch (error) {
    throw new StorageUnavailable(`the storage did not take ${key}`, { cause: error })
  }
}

/** The disks an operator may choose with DRIVE_DISK. */
export const DRIVE_DISKS = ['fs', 's3'] as const
export type DriveDiskName = (typeof DRIVE_DISKS)[number]

/**
 * A key the app could have written: folders and a file name of letters,
 * digits, `-` and `_`, with at most one extension. No dot segment, no
 * backslash, nothing encoded.
 */
const UPLOAD_KEY = /^(?:[A-Za-z0-9_-]+\/){0,4}[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]{1,5})?$/

/** The site's own address of an upload. */
export function uploadUrl(key: string) {
  return `${UPLOADS_BASE}/${key}`
}

/** The folder of the bucket's private objects: never an address under /uploads. */
export const PRIVATE_FOLDER = 'private'

/** The key of a path under /uploads, or null when no public upload could have it. */
export function uploadKeyOf(segments: string[] | string): string | null {
  const key = Array.isArray(segments) ? segments.join('/') : segments
  if (key.startsWith(`${PRIVATE_FOLDER}/`)) return null
  return UPLOAD_KEY.test(key) ? key : null
}

type Settings = { get(key: string, defaultValue?: unknown): any }

/** A bucket's settings (S3_*), as given to the site. */
export type S3Settings = {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
  publicUrl?: string
}

export function s3SettingsFrom(env: Settings): S3Settings {
  return {
    bucket: env.get('S3_BUCKET') || '',
    region: env.get('S3_REGION') || 'us-east-1',
    endpoint: env.get('S3_ENDPOINT') || undefined,
    accessKeyId: env.get('S3_ACCESS_KEY_ID') || undefined,
    secretAccessKey: env.get('S3_SECRET_ACCESS_KEY')?.release?.() ?? undefined,
    forcePathStyle: env.get('S3_FORCE_PATH_STYLE', false) === true,
    publicUrl: env.get('S3_PUBLIC_URL') || undefined,
  }
}

/**
 * Where anyone reads the bucket's objects, ending with `/`: S3_PUBLIC_URL (a
 * CDN, or the bucket's own public address), else the bucket at its endpoint
 * (in the path with S3_FORCE_PATH_STYLE, else as a subdomain), else AWS's
 * address of the bucket in its region.
 */
export function publicBaseUrl(settings: S3Settings) {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/*$/, '/')
  if (settings.endpoint) {
    const endpoint = new URL(settings.endpoint)
    const path = endpoint.pathname.replace(/\/*$/, '/')
    if (settings.forcePathStyle) return `${endpoint.origin}${path}${settings.bucket}/`
    return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${path}`
  }
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com/`
}

/** The origin images of the bucket come from (for the Content-Security-Policy). */
export function publicOrigin(settings: S3Settings) {
  return new URL(publicBaseUrl(settings)).origin
}

/** The options of FlyDrive's S3 driver for these settings. */
export function s3DriverOptions(settings: S3Settings): S3DriverOptions {
  return {
    bucket: settings.bucket,
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys, the SDK's own chain (an instance role, AWS_* variables).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    visibility: 'public',
    // A store that does not answer fails the request (and the health check) in time.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    cdnUrl: publicBaseUrl(settings),
    // Checksums only where S3 asks for them: many self-hosted stores refuse the others.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}
