import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import Petition from '#models/petition'
import { DEFAULT_LOCALE } from '#app/i18n/locales'
import { sanitizeDescription } from '#support/html_sanitizer'
import { uniqueSlug, unlistedSlug } from '#services/petitions/slugs'
import { UserFactory } from '#database/factories/user_factory'
import { CustomFieldFactory } from '#database/factories/custom_field_factory'
import { LetterFactory } from '#database/factories/letter_factory'
import { PetitionMediaFactory } from '#database/factories/petition_media_factory'
import { PetitionUpdateFactory } from '#database/factories/petition_update_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** The two questions of a petition that asks its signers something: a text and a number. */
const DISTRICT_AND_AGE = [
  { type: 'text' as const, title: 'District', description: null, required: true, position: 0 },
  { type: 'number' as const, title: 'Age', description: null, required: false, position: 1 },
]

/** Descriptions as sanitised: the same few texts come back, and sanitising is slow. */
const sanitised = new Map<string, string>()
function sanitisedOnce(html: string) {
  if (!sanitised.has(html)) sanitised.set(html, sanitizeDescription(html))
  return sanitised.get(html)!
}

/**
 * Relations a state adds go on its builder once: `createMany` applies the
 * states to every row, and each row gets the builder's relations.
 */
const relationsAdded = new WeakMap<object, Set<string>>()
function addOnce(builder: object, state: string, add: (builder: PetitionBuilder) => void) {
  const added = relationsAdded.get(builder) ?? new Set()
  relationsAdded.set(builder, added)
  if (added.has(state)) return
  added.add(state)
  add(builder as PetitionBuilder)
}

/**
 * A petition with the create form's example texts, unpublished, open and
 * unsigned; states give the later stages of its life, `.with('user')` an
 * owner (or merge `userId`). As the petition writer stores one: its slug is
 * made from the final title (unguessable when private) and its description
 * sanitised. Only the row: sections come with states or `.with(...)`.
 */
export const PetitionFactory = factory
  .define(Petition, () => ({
    guid: randomUUID(),
    title: 'Save the Shevchenko park',
    target: 'Kyiv City Council',
    description: '<p>The park is <strong>our</strong> green heart.</p>',
    lang: DEFAULT_LOCALE,
    topics: ['environment' as const, 'local-community' as const],
    targetSignatures: 1000,
    published: false,
    finished: false,
    allowComments: true,
    allowOpposite: false,
    private: false,
    supportCount: 0,
    opposeCount: 0,
  }))
  .state('published', (petition) => {
    petition.published = true
  })
  // Finished by its owner; its signatures' retention counts from now (the model dates it).
  .state('finished', (petition) => {
    petition.merge({ published: true, finished: true })
  })
  // Its support reached the target: the counter only, as a flush leaves it; no signature rows.
  .state('successful', (petition) => {
    petition.merge({
      published: true,
      supportCount: Math.max(petition.supportCount, petition.targetSignatures),
      succeededAt: petition.succeededAt ?? DateTime.utc(),
    })
  })
  // Hidden by a moderator, as their action leaves it: reason given, reviewed.
  .state('hidden', (petition) => {
    const now = DateTime.utc()
    petition.merge({
      published: true,
      hiddenAt: petition.hiddenAt ?? now,
      hiddenReason: petition.hiddenReason ?? 'spam',
      hiddenNote: petition.hiddenNote ?? 'Advertises watches',
      reviewedAt: petition.reviewedAt ?? now,
    })
  })
  .state('withOpposition', (petition) => {
    petition.allowOpposite = true
  })
  // Asks its signers their District (required) and Age (a number, optional).
  .state('withCustomFields', (_, __, builder) => {
    addOnce(builder, 'withCustomFields', (petition) =>
      petition.with('customFields', DISTRICT_AND_AGE.length, (field) =>
        field.merge(DISTRICT_AND_AGE)
      )
    )
  })
  // Every section of the create form filled: a banner template, a video, a
  // letter with its recipient and the District question.
  .state('withEverySection', (_, __, builder) => {
    addOnce(builder, 'withEverySection', (petition) =>
      petition
        .with('media')
        .with('media', 1, (media) => media.apply('video'))
        .with('letters', 1, (letter) => letter.with('recipients'))
        .with('customFields')
    )
  })
  .relation('user', () => UserFactory)
  .relation('customFields', () => CustomFieldFactory)
  .relation('media', () => PetitionMediaFactory)
  .relation('letters', () => LetterFactory)
  .relation('updates', () => PetitionUpdateFactory)
  .relation('signatures', () => SignatureFactory)
  .before('create', async (_, petition, { $trx }) => {
    petition.description = sanitisedOnce(petition.description)
    petition.slug ??= petition.private
      ? unlistedSlug(petition.title)
      : await uniqueSlug(petition.title, $trx)
  })
  // Read back as stored, every column (defaults, dates) as a query gives it.
  .after('create', async (_, petition) => {
    await petition.refresh()
  })
  .build()

type PetitionBuilder = ReturnType<typeof PetitionFactory.query>
