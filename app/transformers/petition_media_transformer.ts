import type PetitionMedia from '#models/petition_media'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** A banner, photo or editor image as the create form holds it. */
export default class PetitionMediaTransformer extends BaseTransformer<PetitionMedia> {
  toObject() {
    const media = this.resource
    return {
      ...this.pick(media, ['id', 'url', 'type', 'driver']),
      title: media.title ?? null,
      description: media.description ?? null,
    }
  }
}
