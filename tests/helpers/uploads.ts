import { existsSync } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import { DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import { PRIVATE_DISK, PRIVATE_DISKS } from '#config/drive'
import { s3DriverOptions, s3SettingsFrom } from '#support/uploads'
import { givenS3Server } from '#tests/helpers/s3_server'

/**
 * Uploads as the app under test keeps them, on whichever disk the suite runs
 * (DRIVE_DISK=fs, the default, or s3 with the run's S3 server).
 */
export const onBucket = () => env.get('DRIVE_DISK') === 's3'

const keyOf = (url: string) => url.replace(/^\/uploads\//, '')

/** The bytes the disk keeps at an upload's address. */
export async function storedUpload(url: string) {
  return Buffer.from(await drive.use().getBytes(keyOf(url)))
}

/** Whether the disk still keeps the upload at this address. */
export function uploadStored(url: string) {
  return drive.use().exists(keyOf(url))
}

/**
 * What a browser gets at an upload's address: the site's own answer on the
 * local disk; on the bucket's, the site's redirect (checked cacheable), then
 * the object read without any credentials.
 */
export async function servedUpload(client: ApiClient, url: string) {
  const response = await client.get(url).redirects(0)
  if (!onBucket() || response.status() !== 302) {
    return {
      status: response.status(),
      body: Buffer.from(response.body() ?? ''),
      contentType: String(response.header('content-type') ?? ''),
      redirect: null,
    }
  }
  const location = String(response.header('location'))
  const object = await fetch(location)
  return {
    status: object.status,
    body: Buffer.from(await object.arrayBuffer()),
    contentType: object.headers.get('content-type') ?? '',
    cacheControl: object.headers.get('cache-control'),
    redirect: { location, cacheControl: String(response.header('cache-control') ?? '') },
  }
}

/**
 * Runs `during` while the storage refuses every file: the local folder
 * replaced by a plain file, or the bucket gone; then puts it back.
 */
export async function whileStorageRefuses(during: () => Promise<void>) {
  if (onBucket()) {
    const settings = s3SettingsFrom(env)
    const server = givenS3Server()!
    await server.freshBucket(settings.bucket)
    const client = new S3Client(s3DriverOptions(settings))
    await client.send(new DeleteBucketCommand({ Bucket: settings.bucket }))
    client.destroy()
    try {
      await during()
    } finally {
      await server.freshBucket(settings.bucket)
    }
    return
  }
  const storage = app.makePath(env.get('STORAGE_PATH', 'storage'))
  const aside = `${storage}.aside`
  const hadStorage = existsSync(storage)
  if (hadStorage) await rename(storage, aside)
  // A file where the folder should be: nothing can be stored under it.
  await writeFile(storage, 'not a folder')
  try {
    await during()
  } finally {
    await rm(storage, { force: true })
    if (hadStorage) await rename(aside, storage)
  }
}

/**
 * A private file (a sheet's photo) where a site that moved to the bucket
 * has it: on the disk in use, and a copy on the local folder it moved from
 * (`uploads:copy` leaves its files there). On the local disk, the one copy.
 */
export async function leftBehindByACopy(key: string) {
  const bytes = await drive.use(PRIVATE_DISK).getBytes(key)
  for (const name of PRIVATE_DISKS) {
    if (name !== PRIVATE_DISK) await drive.use(name).put(key, bytes, { visibility: 'private' })
  }
}

/** The disks that still hold a private file, among every disk that may. */
export async function disksHolding(key: string) {
  const holding: string[] = []
  for (const name of PRIVATE_DISKS) if (await drive.use(name).exists(key)) holding.push(name)
  return holding
}
