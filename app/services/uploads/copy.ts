import { DriveFile, type Disk } from '@adonisjs/drive'
import { UPLOAD_WRITE_OPTIONS } from '#support/uploads'

export type CopyReport = { copied: number; skipped: number }

/** Every file of a disk, in all its folders (none when its folder does not exist yet). */
async function* filesOf(disk: Disk) {
  let paginationToken: string | undefined
  do {
    let page: Awaited<ReturnType<Disk['listAll']>>
    try {
      page = await disk.listAll('/', { recursive: true, paginationToken })
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
