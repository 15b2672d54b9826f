import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Copies the local store of uploads (STORAGE_PATH) into the bucket, before a
 * site switches to DRIVE_DISK=s3: every file under the same key, public and
 * cached for a year, so that the stored /uploads/{key} addresses keep
 * working; then the private folder (STORAGE_PATH-private: the photos of
 * paper sheets that a batch still names), as private objects. Files already
 * in the bucket with the same size are skipped: the command may run again
 * (say, once more right before the switch), and each run deletes from the
 * bucket the sheets erased since the last one.
 */
export default class UploadsCopy extends BaseCommand {
  static commandName = 'uploads:copy'
  static description = 'Copy every uploaded file of the local store into the S3 bucket'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The disk to copy to (s3)', required: true })
  declare to: string

  async run() {
    const { default: env } = await import('#start/env')
    if (this.to !== 's3') {
      this.logger.error(`Uploads can only be copied to s3, not "${this.to}"`)
      this.exitCode = 1
      return
    }
    if (!env.get('S3_BUCKET')) {
      this.logger.error('S3_BUCKET is not set: name the bucket (and S3_REGION, S3_ENDPOINT, keys)')
      this.exitCode = 1
      return
    }
    const { default: drive } = await import('@adonisjs/drive/services/main')
    const { copyPrivateFiles, copyUploads } = await import('#services/uploads/copy')
    const report = await copyUploads(drive.use('fs'), drive.use('s3'))
    this.logger.success(
      `${report.copied} file(s) copied to the bucket ${env.get('S3_BUCKET')}, ${report.skipped} already there`
    )
    const sheets = await copyPrivateFiles(drive.use('fsPrivate'), drive.use('s3'))
    this.logger.success(
      `${sheets.copied} private file(s) (photos of paper sheets) copied, ${sheets.skipped} already there, ` +
        `${sheets.unreferenced} no batch names left out, ${sheets.removed} erased since deleted from the bucket`
    )
  }
}
