import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { videoEmbed } from '#support/video_url'

/** Only YouTube and Vimeo links; error key videos.{i}.url. */
export const videoUrlRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value === 'string' && !videoEmbed(value)) {
      field.report('Please give a YouTube or Vimeo link', 'videoUrl', field)
    }
  }
)
