import vine from '@vinejs/vine'
import { databaseId } from '#validators/rules/database_id'

/** POST /petition/{guid}/media: a picture for the banner, a photo slot or the editor. */
export const mediaUploadValidator = vine.create({
  file: vine.file({ size: '5mb', extnames: ['png', 'jpg', 'jpeg'] }),
  type: vine.enum(['banner', 'photo', 'editor'] as const),
})

/** DELETE /petition/{guid}/media: which media to remove (its id, in the query string). */
export const deleteMediaValidator = vine.create({
  id: databaseId(),
})
