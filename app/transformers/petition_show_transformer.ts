import type Petition from '#models/petition'
import { BaseTransformer } from '@adonisjs/core/transformers'
import PetitionCardTransformer from '#transformers/petition_card_transformer'
import HandoverTransformer from '#transformers/handover_transformer'

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position

/** The petition of its public page; every relation preloaded. */
export default class PetitionShowTransformer extends BaseTransformer<Petition> {
  /** `deletedOwnerName`: who the page names as its owner once the owner's account is deleted. */
  constructor(
    petition: Petition,
    private deletedOwnerName: string
  ) {
    super(petition)
  }

  toObject() {
    const petition = this.resource
    const card = new PetitionCardTransformer(petition, this.deletedOwnerName).toObject()
    const media = [...petition.media].sort(byPosition)
    const mediaItem = (item: Petition['media'][number]) => ({
      id: item.id,
      url: item.url ?? '',
      title: item.title,
      description: item.description,
    })
    return {
      ...card,
      description: petition.description,
      banner: card.bannerUrl ? { url: card.bannerUrl } : null,
      allowComments: petition.allowComments,
      /** The sign form asks for a postal code too. */
      askPostalCode: petition.askPostalCode,
      /** Only signatures with a verified identity are taken: its count says how many it has. */
      identityRequired: petition.identityRequired,
      finished: petition.finished,
      published: petition.published,
      private: petition.private,
      customFields: [...petition.customFields].sort(byPosition).map((field) => ({
        id: field.id,
        type: field.type,
        title: field.title,
        description: field.description,
        required: field.required,
      })),
      letters: [...petition.letters].sort(byPosition).map((letter) => ({
        id: letter.id,
        payload: letter.payload,
        recipients: [...letter.recipients]
          .sort(byPosition)
          .map((recipient) => ({ name: recipient.name, payload: recipient.payload ?? '' })),
      })),
      videos: media.filter((item) => item.type === 'video' && item.url).map(mediaItem),
      photos: media.filter((item) => item.type === 'photo' && item.url).map(mediaItem),
      updates: [...petition.updates]
        .sort((a, b) => a.happenedOn.toMillis() - b.happenedOn.toMillis())
        .map((update) => ({
          id: update.id,
          title: update.title,
          description: update.description ?? '',
          createdAt: update.happenedOn.toISODate()!,
        })),
      /** How many times its text changed after its first confirmed signature (its history page). */
      editCount: Number(petition.$extras.versions_count ?? 0),
      /** When, where and to whom the owner handed it over, in the order it happened. */
      handovers: petition.handovers.map((handover) => new HandoverTransformer(handover).toObject()),
      /** Decision makers' answers that moderators removed (said in public, never why here). */
      answersRemoved: petition.answersRemoved,
      /** Official responses, oldest first; `body` is sanitised HTML. */
      responses: petition.responses.map((response) => ({
        id: response.id,
        responder: response.responder,
        /** The role they gave when answering from their own mailbox, or null. */
        responderRole: response.responderRole,
        /** Written by the recipient through their mailed link: shown with a badge saying so. */
        fromRecipient: response.fromRecipient,
        /** The domain of the approved address that link was mailed to (`example.gov`), or null. */
        viaDomain: response.fromRecipient ? response.viaDomain : null,
        respondedOn: response.respondedOn.toISODate()!,
        body: response.body,
      })),
    }
  }
}
