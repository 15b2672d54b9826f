import type Petition from '#models/petition'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { petitionUrl, summaryOf } from '#support/feed_entries'

/** An entry of a feed as a browser shows it: the petition's title, address, day and the start of its text. */
export default class FeedEntryTransformer extends BaseTransformer<Petition> {
  toObject() {
    const petition = this.resource
    return {
      guid: petition.guid,
      title: petition.title,
      url: petitionUrl(petition),
      publishedOn: petition.createdAt.toISODate()!,
      summary: summaryOf(petition.descriptionText ?? ''),
    }
  }
}
