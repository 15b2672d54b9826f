import vine from '@vinejs/vine'
import { turnstileToken } from '#validators/rules/turnstile'
import { videoUrlRule } from '#validators/rules/video_url'
import { databaseId } from '#validators/rules/database_id'
import { closingDateRule } from '#validators/rules/closing_date'
import { closedByModeratorRule } from '#validators/rules/closed_by_moderator'
import { timeZoneRule, todayIn } from '#validators/rules/time_zone'
import {
  CUSTOM_FIELD_TYPES,
  LIMITS,
  MAX_CUSTOM_FIELDS,
  MAX_LETTERS,
  MAX_MILESTONE,
  MAX_MILESTONES,
  MAX_RECIPIENTS_PER_LETTER,
  MAX_UPDATES,
  MAX_VIDEOS,
  PHOTO_SLOTS,
  TARGET_SIGNATURE_OPTIONS,
} from '#shared/petitions/constants'
import { MAX_TOPICS, MIN_TOPICS, PETITION_TOPICS, REGION_MAX } from '#shared/petitions/topics'
import { COUNTRY_CODES } from '#shared/countries'
import { IDENTITY_RESIDENCES } from '#shared/identity'
import {
  identityPlaceRule,
  identityRequiredRule,
  identityResidenceRule,
} from '#validators/rules/identity_settings'

const optionalText = (max: number) => vine.string().trim().maxLength(max).optional()
const existingId = () => databaseId().optional()

/**
 * The whole petition of POST /petition/{guid}/create. Its
 * error keys are the ones the page and other clients read: title, target, description, videos.{i}.url,
 * letters.{i}.payload, letters.{i}.recipients.{j}.name, letters.{i}.recipients.{j}.email,
 * milestones, milestones.{i}, updates.{i}.createdAt,
 * customFields.{i}.title, closingDate, finished, topics, country, region, identityRequired,
 * identityResidence, timeZone… A list longer than its maximum gets its error
 * under the list itself: videos, letters, letters.{i}.recipients, updates,
 * customFields.
 */
export const petitionValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(LIMITS.title),
  target: vine.string().trim().minLength(1).maxLength(LIMITS.target),
  description: vine.string().minLength(1).maxLength(LIMITS.description),
  banner: vine
    .object({
      id: existingId(),
      driver: vine.enum(['fs', 'local'] as const).optional(),
      url: vine.string().maxLength(2048).optional(),
    })
    .nullable()
    .optional(),
  photos: vine
    .array(vine.object({ id: databaseId() }))
    .maxLength(PHOTO_SLOTS)
    .optional(),
  videos: vine
    .array(
      vine.object({
        id: existingId(),
        title: optionalText(LIMITS.videoTitle),
        url: vine.string().trim().maxLength(2048).use(videoUrlRule()),
        description: optionalText(LIMITS.videoDescription),
      })
    )
    .maxLength(MAX_VIDEOS)
    .optional(),
  letters: vine
    .array(
      vine.object({
        id: existingId(),
        payload: vine.string().trim().minLength(1).maxLength(LIMITS.letter),
        recipients: vine
          .array(
            vine.object({
              id: existingId(),
              name: vine.string().trim().minLength(1).maxLength(LIMITS.recipientName),
              payload: optionalText(LIMITS.recipientDesignation),
              // Where the petition is delivered at each milestone; private to the owner.
              email: vine
                .string()
                .trim()
                .maxLength(LIMITS.recipientEmail)
                .email()
                .toLowerCase()
                .nullable()
                .optional(),
            })
          )
          .maxLength(MAX_RECIPIENTS_PER_LETTER),
      })
    )
    .maxLength(MAX_LETTERS)
    .optional(),
  updates: vine
    .array(
      vine.object({
        id: existingId(),
        title: vine.string().trim().minLength(1).maxLength(LIMITS.updateTitle),
        // Never after today in the author's calendar (their time zone, else UTC).
        createdAt: vine
          .date({ formats: ['YYYY-MM-DD'] })
          .beforeOrEqual((field) => todayIn(field.data.timeZone)),
        description: optionalText(LIMITS.updateDescription),
      })
    )
    .maxLength(MAX_UPDATES)
    .optional(),
  customFields: vine
    .array(
      vine.object({
        id: existingId(),
        type: vine.enum(CUSTOM_FIELD_TYPES),
        title: vine.string().trim().minLength(1).maxLength(LIMITS.customFieldTitle),
        description: optionalText(LIMITS.customFieldDescription),
        required: vine.boolean().optional(),
      })
    )
    .maxLength(MAX_CUSTOM_FIELDS)
    .optional(),
  published: vine.boolean().optional(),
  // Refused as false on a petition a moderator closed (meta.closedByModerator).
  finished: vine.boolean().use(closedByModeratorRule()).optional(),
  allowComments: vine.boolean().optional(),
  allowOpposite: vine.boolean().optional(),
  askPostalCode: vine.boolean().optional(),
  private: vine.boolean().optional(),
  // The last day it is open (YYYY-MM-DD); empty or null: no closing date.
  closingDate: vine.string().trim().use(closingDateRule()).nullable().optional(),
  targetSignatures: vine.number().in([...TARGET_SIGNATURE_OPTIONS]),
  // What it is about: one to three of the fixed topics.
  topics: vine
    .array(vine.enum(PETITION_TOPICS))
    .minLength(MIN_TOPICS)
    .maxLength(MAX_TOPICS)
    .distinct(),
  // Where it applies: a country, and within it a region or city; both optional.
  // Both kept as they are while signatures were checked against them (meta.identity).
  country: vine
    .enum(COUNTRY_CODES)
    .nullable()
    .optional()
    .use(identityPlaceRule({ part: 'country' })),
  region: vine
    .string()
    .trim()
    .maxLength(REGION_MAX)
    .nullable()
    .optional()
    .use(identityPlaceRule({ part: 'region' })),
  // Only signatures with a verified identity, and whose residence (meta.identity: offered, locked).
  identityRequired: vine.boolean().optional().use(identityRequiredRule()),
  identityResidence: vine
    .enum(IDENTITY_RESIDENCES)
    .nullable()
    .optional()
    .use(identityResidenceRule()),
  // The owner's own milestones besides the target (whole counts of signatures).
  milestones: vine
    .array(vine.number().withoutDecimals().min(1).max(MAX_MILESTONE))
    .maxLength(MAX_MILESTONES)
    .distinct()
    .optional(),
  // The author's IANA time zone, in which an update's date is checked.
  timeZone: vine.string().use(timeZoneRule()).optional(),
  cfTurnstileResponse: turnstileToken('petition'),
})
