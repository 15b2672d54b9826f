import db from '@adonisjs/lucid/services/db'
import { DriveFile, type Disk } from '@adonisjs/drive'
import { PRIVATE_FOLDER, UPLOAD_WRITE_OPTIONS } from '#support/uploads'

export type CopyReport = { copied: number; skipped: number }

/** Every file of a disk under `prefix`, in all its folders (none when its folder does not exist yet). */
async function* filesOf(disk: Disk, prefix = '/') {
  let paginationToken: string | undefined
  do {
    let page: Awaited<ReturnType<Disk['listAll']>>
    try {
      page = await disk.listAll(prefix, { recursive: true, paginationToken })
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return
      throw error
    }
    for (const item of page.objects) if (item instanceof DriveFile) yield item
    paginationToken = page.paginationToken
  } while (paginationToken)
}

/** Whether the target already holds this key with the same size. */
async function alreadyThere(target: Disk, key: string, size: number) {
  if (!(await target.exists(key))) return false
  const { contentLength } = await target.getMetaData(key)
  return contentLength === size
}

/**
 * Copies every file of `source` (the local store) to `target` (the bucket)
 * under the same key, so the addresses stored as /uploads/{key} keep
 * working: public, cached for a year, typed by the name's extension. A file
 * the target already holds with the same size is skipped, so a copy that
 * stopped half-way can simply run again.
 */
export async function copyUploads(
  source: Disk,
  target: Disk,
  onFile: (key: string, copied: boolean) => void = () => {}
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 }
  for await (const file of filesOf(source)) {
    const bytes = await source.getBytes(file.key)
    if (await alreadyThere(target, file.key, bytes.byteLength)) {
      report.skipped++
      onFile(file.key, false)
      continue
    }
    await target.put(file.key, bytes, UPLOAD_WRITE_OPTIONS)
    report.copied++
    onFile(file.key, true)
  }
  return report
}

export type PrivateCopyReport = CopyReport & {
  /** Local files no batch refers to any more (erased or withdrawn): not copied. */
  unreferenced: number
  /** Objects of the bucket's private folder no batch refers to any more: deleted. */
  removed: number
}

/** A sheet being recorded writes its photo just before its row: younger objects are left alone. */
const RECORDING_GRACE_MS = 60 * 60 * 1000

/** The keys the paper batches name: the private files that must be kept. */
async function referencedPrivateKeys() {
  const rows: Array<{ photo_path: string }> = await db
    .from('paper_signature_batches')
    .whereNotNull('photo_path')
    .select('photo_path')
  return new Set(rows.map((row) => row.photo_path))
}

/**
 * Copies the private files (photos of paper sheets) of `source` (the local
 * folder nobody serves) to `target` (the bucket) under the same key,
 * private: never readable by a visitor, only through the app. Only what a
 * batch still names is copied; and the bucket's private objects that no
 * batch names any more (a petition erased since an earlier copy, before the
 * site switched) are deleted, so that no sheet outlives its petition in the
 * bucket. A run may be repeated, like the public copy.
 */
export async function copyPrivateFiles(
  source: Disk,
  target: Disk,
  { now = Date.now(), graceMs = RECORDING_GRACE_MS } = {}
): Promise<PrivateCopyReport> {
  const report: PrivateCopyReport = { copied: 0, skipped: 0, unreferenced: 0, removed: 0 }
  const kept = await referencedPrivateKeys()
  for await (const file of filesOf(source)) {
    if (!kept.has(file.key)) {
      report.unreferenced++
      continue
    }
    const bytes = await source.getBytes(file.key)
    if (await alreadyThere(target, file.key, bytes.byteLength)) {
      report.skipped++
      continue
    }
    await target.put(file.key, bytes, { visibility: 'private' })
    report.copied++
  }
  for await (const object of filesOf(target, `${PRIVATE_FOLDER}/`)) {
    if (kept.has(object.key)) continue
    const { lastModified } = await object.getMetaData()
    if (now - lastModified.getTime() < graceMs) continue
    await target.delete(object.key)
    report.removed++
  }
  return report
}
