import { spawnSync } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { Disk } from '@adonisjs/drive'
import { FSDriver } from 'flydrive/drivers/fs'

/** Reads an address as any visitor does: no keys, no signature. */
export async function anonymously(url: string) {
  const response = await fetch(url)
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
  }
}

/** A folder of files (emptied first) as the fs disk keeps them: a site's local store. */
export async function localStore(folder: string, files: Record<string, Buffer | string>) {
  const root = app.makePath(folder)
  await rm(root, { recursive: true, force: true })
  for (const [key, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, key)), { recursive: true })
    await writeFile(join(root, key), content)
  }
  return new Disk(new FSDriver({ location: root, visibility: 'public' }))
}

/**
 * `uploads:copy --to=s3` run as an operator runs it, on a site whose local
 * store is `folder` (STORAGE_PATH; its private files in `folder`-private).
 */
export function uploadsCopy(folder: string, s3Variables: Record<string, string>) {
  const result = spawnSync(process.execPath, ['ace.js', 'uploads:copy', '--to=s3'], {
    cwd: app.makePath(),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DRIVE_DISK: 'fs',
      STORAGE_PATH: folder,
      ...s3Variables,
    },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}
