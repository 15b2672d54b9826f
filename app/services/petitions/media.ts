import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import PetitionMedia, { type MediaType } from '#models/petition_media'
import { reencodeUpload } from '#support/images'
import { putUpload, UPLOAD_WRITE_OPTIONS, uploadUrl } from '#support/uploads'
import { MAX_PENDING_MEDIA, PHOTO_SLOTS } from '#shared/petitions/constants'
import type Petition from '#models/petition'
import type User from '#models/user'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import type { petitionValidator } from '#validators/petition'

const MAX_WIDTH = 1600

/** The pictures the petition form chose: its banner and its photos in slot order. */
type PictureChoice = Pick<Infer<typeof petitionValidator>, 'banner' | 'photos'>

export class NoFreePhotoSlot extends Error {}

/** The member already holds MAX_PENDING_MEDIA pictures for petitions not saved yet. */
export class TooManyPendingMedia extends Error {}

/**
 * An uploaded picture (banner, photo or editor image), checked by its bytes
 * and re-encoded: upright, at most 1600 px wide, JPEG, no metadata.
 * Before the petition exists it is kept as the member's
 * pending media for that guid; a member holds at most
 * MAX_PENDING_MEDIA of those, whatever the guids, so that fresh guids cannot
 * fill the disk.
 */
export async function storePetitionImage(
  user: User,
  guid: string,
  petition: Petition | null,
  type: Exclude<MediaType, 'video'>,
  uploadedPath: string
) {
  if (!petition) {
    const pending = await PetitionMedia.query()
      .where('user_id', user.id)
      .whereNull('petition_id')
      .count('* as total')
    if (Number(pending[0].$extras.total) >= MAX_PENDING_MEDIA) throw new TooManyPendingMedia()
  }
  const encoded = await reencodeUpload(uploadedPath, { width: MAX_WIDTH, withoutEnlargement: true })

  const owned = PetitionMedia.query().where('petition_guid', guid).where('type', type)
  let position = 0
  if (type === 'photo') {
    const photos = await owned.clone()
    const used = photos.map((media) => media.position)
    const free = Array.from({ length: PHOTO_SLOTS }, (_, slot) => slot).find(
      (slot) => !used.includes(slot)
    )
    if (free === undefined) throw new NoFreePhotoSlot()
    position = free
  }

  const disk = drive.use()
  const key = `petitions/${guid}/${randomUUID()}.jpg`
  await putUpload(disk, key, encoded, { contentType: 'image/jpeg', ...UPLOAD_WRITE_OPTIONS })
  const media = await PetitionMedia.create({
    petitionId: petition?.id ?? null,
    petitionGuid: guid,
    userId: user.id,
    type,
    driver: 'fs',
    url: uploadUrl(key),
    path: key,
    position,
  }).catch(async (error) => {
    // No row names the file: it goes too.
    await disk.delete(key).catch(() => {})
    throw error
  })

  // One banner per petition: the new one replaces the old.
  if (type === 'banner') {
    const previous = await PetitionMedia.query()
      .where('petition_guid', guid)
      .where('type', 'banner')
      .whereNot('id', media.id)
    await deleteMedia(previous)
  }
  return media
}

/**
 * Deletes media rows, then their files. Within a transaction the files go
 * only once it commits: a rollback brings the rows back, and their files
 * are still there.
 */
export async function deleteMedia(media: PetitionMedia[], trx?: TransactionClientContract) {
  for (const item of media) {
    if (trx) item.useTransaction(trx)
    await item.delete()
  }
  const paths = media.flatMap((item) => (item.path ? [item.path] : []))
  const deleteFiles = async () => {
    const disk = drive.use()
    for (const path of paths) await disk.delete(path).catch(() => {})
  }
  if (trx) trx.after('commit', deleteFiles)
  else await deleteFiles()
}

/**
 * Deletes media uploaded for a petition that was never saved:
 * pending for more than `hours` hours. Returns how many went.
 */
export async function prunePendingMedia(hours = 24) {
  const query = PetitionMedia.query()
  // Compared as the column stores it (SQLite keeps text, PostgreSQL a timestamp).
  const cutoff = DateTime.now().minus({ hours }).toFormat(query.client.dialect.dateTimeFormat)
  const stale = await query.whereNull('petition_id').where('created_at', '<', cutoff)
  await deleteMedia(stale)
  return stale.length
}

/** The banner templates bundled with the app (driver 'local'). */
export const BANNER_TEMPLATES: Record<string, string> = {
  sunrise: '/banner-templates/sunrise.jpg',
  forest: '/banner-templates/forest.jpg',
  city: '/banner-templates/city.jpg',
  ocean: '/banner-templates/ocean.jpg',
}

/**
 * Gives the petition the media uploaded for its guid by this member, its
 * banner (an upload or a bundled template) and its photos in slot order;
 * media of this guid that the form no longer holds are deleted.
 */
export async function attachMedia(
  petition: Petition,
  user: User,
  input: PictureChoice,
  trx: TransactionClientContract
) {
  await PetitionMedia.query({ client: trx })
    .where('petition_guid', petition.guid)
    .where('user_id', user.id)
    .whereNull('petition_id')
    .update({ petition_id: petition.id })

  const media = await PetitionMedia.query({ client: trx })
    .where('petition_id', petition.id)
    .whereIn('type', ['banner', 'photo'])
  const unused: PetitionMedia[] = []

  const banners = media.filter((item) => item.type === 'banner')
  const template =
    input.banner?.driver === 'local'
      ? Object.values(BANNER_TEMPLATES).find((url) => url === input.banner?.url)
      : undefined
  if (template) {
    unused.push(...banners)
    await PetitionMedia.create(
      {
        petitionId: petition.id,
        petitionGuid: petition.guid,
        userId: user.id,
        type: 'banner',
        driver: 'local',
        url: template,
      },
      { client: trx }
    )
  } else {
    unused.push(...banners.filter((banner) => banner.id !== input.banner?.id))
  }

  const photoIds = (input.photos ?? []).map((photo) => photo.id)
  for (const photo of media.filter((item) => item.type === 'photo')) {
    const slot = photoIds.indexOf(photo.id)
    if (slot === -1) {
      unused.push(photo)
    } else if (photo.position !== slot) {
      photo.position = slot
      await photo.useTransaction(trx).save()
    }
  }
  await deleteMedia(unused, trx)
}
