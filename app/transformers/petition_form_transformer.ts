import { randomUUID } from 'node:crypto'
import type Petition from '#models/petition'
import type { PetitionFormData } from '#app/types/props'
import { mediaProps } from '#services/petitions/media'
import { PHOTO_SLOTS } from '#app/petitions/constants'

const today = () => new Date().toISOString().slice(0, 10)

/**
 * A new petition as the form starts it: a fresh guid, 4 empty
 * photo slots, one empty video, one letter with one recipient, one update.
 */
export function newPetitionForm(): PetitionFormData {
  return {
    guid: randomUUID(),
    slug: null,
    title: '',
    target: '',
    description: '',
    banner: null,
    photos: Array.from({ length: PHOTO_SLOTS }, () => null),
    videos: [{ title: '', url: '', description: '' }],
    letters: [{ payload: '', recipients: [{ name: '', payload: '' }] }],
    updates: [{ title: '', createdAt: today(), description: '' }],
    customFields: [],
    published: true,
    finished: false,
    allowComments: false,
    allowOpposite: false,
    private: false,
    targetSignatures: 1000,
  }
}

/** An existing petition for its edit form; its relations must be preloaded. */
export function petitionForm(petition: Petition): PetitionFormData {
  const media = petition.media ?? []
  const photos: PetitionFormData['photos'] = Array.from({ length: PHOTO_SLOTS }, () => null)
  for (const photo of media.filter((item) => item.type === 'photo')) {
    if (photo.position < PHOTO_SLOTS) photos[photo.position] = mediaProps(photo)
  }
  const banner = media.find((item) => item.type === 'banner')
  return {
    guid: petition.guid,
    slug: petition.slug,
    title: petition.title,
    target: petition.target,
    description: petition.description,
    banner: banner ? mediaProps(banner) : null,
    photos,
    videos: media
      .filter((item) => item.type === 'video')
      .sort((a, b) => a.position - b.position)
      .map((video) => ({
        id: video.id,
        title: video.title ?? '',
        url: video.url ?? '',
        description: video.description ?? '',
      })),
    letters: [...petition.letters]
      .sort((a, b) => a.position - b.position)
      .map((letter) => ({
        id: letter.id,
        payload: letter.payload,
        recipients: [...letter.recipients]
          .sort((a, b) => a.position - b.position)
          .map((recipient) => ({ name: recipient.name, payload: recipient.payload ?? '' })),
      })),
    updates: [...petition.updates]
      .sort((a, b) => a.happenedOn.toMillis() - b.happenedOn.toMillis())
      .map((update) => ({
        id: update.id,
        title: update.title,
        createdAt: update.happenedOn.toISODate()!,
        description: update.description ?? '',
      })),
    customFields: [...petition.customFields]
      .sort((a, b) => a.position - b.position)
      .map((field) => ({
        id: field.id,
        type: field.type,
        title: field.title,
        description: field.description ?? '',
        required: field.required,
      })),
    published: petition.published,
    finished: petition.finished,
    allowComments: petition.allowComments,
    allowOpposite: petition.allowOpposite,
    private: petition.private,
    targetSignatures: petition.targetSignatures,
  }
}
