import factory from '@adonisjs/lucid/factories'
import PetitionMedia from '#models/petition_media'
import Petition from '#models/petition'
import { videoEmbed } from '#support/video_url'

const VIDEO = videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ')!

/** A petition's banner: a bundled template, as the create form offers them. */
export const PetitionMediaFactory = factory
  .define(PetitionMedia, () => ({
    type: 'banner' as const,
    driver: 'local',
    url: '/banner-templates/forest.jpg',
    path: null,
    title: null,
    description: null,
    position: 0,
  }))
  .state('video', (media) => {
    media.merge({
      type: 'video',
      driver: VIDEO.driver,
      url: VIDEO.url,
      title: 'The park today',
      description: 'A walk',
    })
  })
  // Media carry their petition's guid and uploader, as the petition writer saves them.
  .before('create', async (_, media, { $trx }) => {
    if (media.petitionGuid !== undefined || !media.petitionId) return
    const petition = await Petition.query({ client: $trx })
      .where('id', media.petitionId)
      .firstOrFail()
    media.petitionGuid = petition.guid
    media.userId ??= petition.userId
  })
  .build()
