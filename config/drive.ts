import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'
import {
  UPLOADS_BASE,
  publicOrigin,
  s3DriverOptions,
  s3SettingsFrom,
  type DriveDiskName,
} from '#support/uploads'

/**
 * The disk uploads go to: `fs`, the local folder STORAGE_PATH (the default),
 * or `s3`, a bucket. Any other value was refused at start (start/safe_settings.ts).
 */
export const UPLOADS_DISK: DriveDiskName = env.get('DRIVE_DISK') === 's3' ? 's3' : 'fs'

const s3Settings = s3SettingsFrom(env)

/**
 * Files only the app itself reads out, to the people allowed (the photos of
 * paper signature sheets, which show signers' names): a folder nobody serves
 * on the local disk; private objects under `private/` in the bucket, which
 * /uploads refuses to point to.
 */
export const PRIVATE_DISK = UPLOADS_DISK === 's3' ? 's3' : 'fsPrivate'

/**
 * Every disk a private file may be on: the one in use and, on the bucket,
 * the local folder the site moved from, where `uploads:copy` leaves its
 * copy. A sheet's photo is erased from all of them.
 */
export const PRIVATE_DISKS =
  UPLOADS_DISK === 's3' ? (['s3', 'fsPrivate'] as const) : (['fsPrivate'] as const)

/** Where the pictures of the bucket come from, when the site uses one. */
export const UPLOADS_ORIGIN = UPLOADS_DISK === 's3' ? publicOrigin(s3Settings) : null

const driveConfig = defineConfig({
  default: UPLOADS_DISK,

  services: {
    // The local folder serves /uploads itself; on the bucket's disk a route
    // redirects there (start/routes.ts). It stays the source of `uploads:copy`.
    fs: services.fs({
      location: app.makePath(env.get('STORAGE_PATH', 'storage')),
      serveFiles: UPLOADS_DISK === 'fs',
      routeBasePath: UPLOADS_BASE,
      visibility: 'public',
    }),
    // Objects are written public-read; reads go to S3_PUBLIC_URL or the bucket.
    fsPrivate: services.fs({
      location: app.makePath(`${env.get('STORAGE_PATH', 'storage')}-private`),
      serveFiles: false,
      visibility: 'private',
    }),
    s3: services.s3(s3DriverOptions(s3Settings)),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
