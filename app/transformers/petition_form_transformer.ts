import { randomUUID } from 'node:crypto'
import type Petition from '#models/petition'
import type CustomField from '#models/custom_field'
import { BaseTransformer } from '@adonisjs/core/transformers'
import PetitionMediaTransformer from '#transformers/petition_media_transformer'
import { PHOTO_SLOTS } from '#shared/petitions/constants'
import { closingDateOf } from '#support/closing_dates'
import type { PetitionTopic } from '#shared/petitions/topics'
import type { CountryCode } from '#shared/countries'
import type { IdentityResidence } from '#shared/identity'

type Media = ReturnType<PetitionMediaTransformer['toObject']>

/**
 * The items of the form's lists. An item added in the browser has no id
 * yet; a saved one keeps its id, so that what refers to it survives an edit.
 */
type Video = { id?: number; title: string; url: string; description: string }
/** A recipient's address is private: this form is only ever sent to its owner and moderators. */
type Recipient = { id?: number; name: string; payload: string; email: string }
type Letter = { id?: number; payload: string; recipients: Recipient[] }
type Update = { id?: number; title: string; createdAt: string; description: string }
type Field = {
  id?: number
  type: CustomField['type']
  title: string
  description: string
  required: boolean
}

const today = () => new Date().toISOString().slice(0, 10)
const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position

/** The petition as the create and edit form holds it; its relations preloaded. */
export default class PetitionFormTransformer extends BaseTransformer<Petition> {
  /**
   * A new petition as the form starts it: a fresh guid, 4 empty
   * photo slots, one empty video, one letter with one recipient, one update.
   */
  static blank(): ReturnType<PetitionFormTransformer['toObject']> {
    return {
      guid: randomUUID(),
      slug: null,
      title: '',
      target: '',
      description: '',
      banner: null,
      photos: Array.from({ length: PHOTO_SLOTS }, () => null),
      videos: [{ title: '', url: '', description: '' }],
      letters: [{ payload: '', recipients: [{ name: '', payload: '', email: '' }] }],
      updates: [{ title: '', createdAt: today(), description: '' }],
      customFields: [],
      published: true,
      finished: false,
      allowComments: false,
      allowOpposite: false,
      askPostalCode: false,
      private: false,
      targetSignatures: 1000,
      topics: [] as PetitionTopic[],
      country: null as CountryCode | null,
      region: '',
      milestones: [],
      closingDate: null,
      identityRequired: false,
      identityResidence: null as IdentityResidence | null,
    }
  }

  /**
   * When and why a moderator closed it, or null: the form's finished switch
   * is then locked, and only a moderator's reopen opens it again.
   */
  static moderatorClosure(petition: Petition) {
    if (!petition.moderatorClosedAt) return null
    return {
      petitionId: petition.id,
      closedAt: petition.moderatorClosedAt.toISO()!,
      reason: petition.moderatorClosedReason,
    }
  }

  toObject() {
    const petition = this.resource
    const media = petition.media ?? []
    const asMedia = (item: (typeof media)[number]) => new PetitionMediaTransformer(item).toObject()
    const photos: Array<Media | null> = Array.from({ length: PHOTO_SLOTS }, () => null)
    for (const photo of media.filter((item) => item.type === 'photo')) {
      if (photo.position < PHOTO_SLOTS) photos[photo.position] = asMedia(photo)
    }
    const banner = media.find((item) => item.type === 'banner')
    const videos: Video[] = media
      .filter((item) => item.type === 'video')
      .sort(byPosition)
      .map((video) => ({
        id: video.id,
        title: video.title ?? '',
        url: video.url ?? '',
        description: video.description ?? '',
      }))
    const letters: Letter[] = [...petition.letters].sort(byPosition).map((letter) => ({
      id: letter.id,
      payload: letter.payload,
      recipients: [...letter.recipients].sort(byPosition).map((recipient) => ({
        id: recipient.id,
        name: recipient.name,
        payload: recipient.payload ?? '',
        email: recipient.email ?? '',
      })),
    }))
    const updates: Update[] = [...petition.updates]
      .sort((a, b) => a.happenedOn.toMillis() - b.happenedOn.toMillis())
      .map((update) => ({
        id: update.id,
        title: update.title,
        createdAt: update.happenedOn.toISODate()!,
        description: update.description ?? '',
      }))
    const customFields: Field[] = [...petition.customFields].sort(byPosition).map((field) => ({
      id: field.id,
      type: field.type,
      title: field.title,
      description: field.description ?? '',
      required: field.required,
    }))
    return {
      guid: petition.guid,
      slug: petition.slug as string | null,
      title: petition.title,
      target: petition.target,
      description: petition.description,
      banner: banner ? asMedia(banner) : null,
      photos,
      videos,
      letters,
      updates,
      customFields,
      published: petition.published,
      finished: petition.finished,
      allowComments: petition.allowComments,
      allowOpposite: petition.allowOpposite,
      askPostalCode: petition.askPostalCode,
      private: petition.private,
      targetSignatures: petition.targetSignatures,
      topics: petition.topics,
      country: petition.country,
      region: petition.region ?? '',
      /** The owner's own milestones besides the target. */
      milestones: petition.milestones as number[],
      /** The last day it is open (YYYY-MM-DD, UTC), or null: no closing date. */
      closingDate: closingDateOf(petition) as string | null,
      /** Only signatures with a verified identity, and whose residence (null: anyone's). */
      identityRequired: petition.identityRequired,
      identityResidence: petition.identityResidence,
    }
  }
}
