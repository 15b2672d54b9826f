import { DateTime } from 'luxon'
import { BaseModel, beforeSave, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import PetitionMedia from '#models/petition_media'
import Letter from '#models/letter'
import PetitionUpdate from '#models/petition_update'
import PetitionResponse from '#models/petition_response'
import CustomField from '#models/custom_field'
import PetitionVersion from '#models/petition_version'
import PetitionHandover from '#models/petition_handover'
import PaperSignatureBatch from '#models/paper_signature_batch'
import { isPetitionTopic, type PetitionTopic } from '#shared/petitions/topics'
import type { CountryCode } from '#shared/countries'
import type { IdentityResidence } from '#shared/identity'
import Signature from '#models/signature'
import { withSearchIndex } from '#models/petition_search_index'
import { withMilestones } from '#models/petition_milestones'
import { withModeration } from '#models/petition_moderation'
import { withSitemapVersion } from '#models/petition_sitemap'

/**
 * A petition: its text, where and to whom it applies, its counts and its
 * state. Its parts kept in step by hooks, and what moderators did to it,
 * are in the modules it is composed of (petition_search_index,
 * petition_milestones, petition_sitemap, petition_moderation).
 */
export default class Petition extends compose(
  BaseModel,
  withSearchIndex,
  withMilestones,
  withSitemapVersion,
  withModeration
) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare guid: string

  @column()
  declare slug: string

  /** Null once its owner deleted their account: moderators look after it. */
  @column()
  declare userId: number | null

  @column()
  declare title: string

  @column()
  declare target: string

  /** Sanitised HTML. */
  @column()
  declare description: string

  /** The language it is written in: the site's language where it was created. */
  @column()
  declare lang: string

  @column()
  declare targetSignatures: number

  @column({ consume: Boolean })
  declare published: boolean

  @column({ consume: Boolean })
  declare finished: boolean

  @column({ consume: Boolean })
  declare allowComments: boolean

  @column({ consume: Boolean })
  declare allowOpposite: boolean

  /** The sign form asks for a postal code too (off unless the owner turns it on). */
  @column({ consume: Boolean })
  declare askPostalCode: boolean

  @column({ consume: Boolean })
  declare private: boolean

  @column()
  declare supportCount: number

  @column()
  declare opposeCount: number

  /** Verified paper signatures: already part of `supportCount` (online = support − paper). */
  @column()
  declare paperCount: number

  /** The transparency log's size its counts correspond to: its leaves below it add up to them. */
  @column()
  declare logTreeSize: number

  /** Answers of its decision makers that moderators removed, said in public. */
  @column()
  declare answersRemoved: number

  /** Confirmed signatures a moderators' rule stopped at signing: they never count. */
  @column()
  declare stoppedCount: number

  /** Confirmed signatures its owner switched off: they do not count. */
  @column()
  declare deactivatedCount: number

  @column.dateTime()
  declare succeededAt: DateTime | null

  /** What it is about: one to three topic keys, stored space-separated (the search index reads them so). */
  @column({
    prepare: (topics: PetitionTopic[]) => topics.join(' '),
    consume: (stored: string | null) => (stored ?? '').split(' ').filter(isPetitionTopic),
  })
  declare topics: PetitionTopic[]

  /** Where it applies: an ISO 3166-1 alpha-2 code, or null (anywhere). */
  @column()
  declare country: CountryCode | null

  /** A region or city within the country, as its owner typed it; null: none. */
  @column()
  declare region: string | null

  /** Only signatures whose signer verified their identity are taken. */
  @column({ consume: Boolean })
  declare identityRequired: boolean

  /** Whose verified residence may sign: its country's, its region's, or anyone's (null). */
  @column()
  declare identityResidence: IdentityResidence | null

  /** Counted signatures with a verified identity (moved by the signature counter's flush). */
  @column()
  declare verifiedCount: number

  /**
   * When it closes for signing by itself (the midnight UTC after the day its
   * owner picked: app/shared/petitions/closing.ts); null: open until its owner
   * finishes it. Signing stops at that moment; a scheduled job then finishes
   * it (services/petitions/closing).
   */
  @column.dateTime()
  declare closesAt: DateTime | null

  /** When the owner finished it; null while it is open. Its signatures' retention counts from it. */
  @column.dateTime()
  declare finishedAt: DateTime | null

  /** When its owner was last told that its signatures' personal data will be erased. */
  @column.dateTime()
  declare retentionNoticeSentAt: DateTime | null

  /** When its signatures' personal data was last erased (the counts stay). */
  @column.dateTime()
  declare signaturesErasedAt: DateTime | null

  /** When the owner or a moderator marked it a victory; null for none. */
  @column.dateTime()
  declare victoryAt: DateTime | null

  /** Since when it has news (updates, responses) its signers have not been mailed; null for none. */
  @column.dateTime({ serializeAs: null })
  declare newsPendingSince: DateTime | null

  /** When its signers who asked for news were last mailed it (at most once a day). */
  @column.dateTime({ serializeAs: null })
  declare newsMailedAt: DateTime | null

  /** Since when a recipient told of it has not answered; null when none waits. */
  @column.dateTime({ serializeAs: null })
  declare awaitingAnswerSince: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => PetitionMedia)
  declare media: HasMany<typeof PetitionMedia>

  @hasMany(() => Letter)
  declare letters: HasMany<typeof Letter>

  @hasMany(() => PetitionUpdate)
  declare updates: HasMany<typeof PetitionUpdate>

  @hasMany(() => PetitionResponse)
  declare responses: HasMany<typeof PetitionResponse>

  @hasMany(() => CustomField)
  declare customFields: HasMany<typeof CustomField>

  @hasMany(() => Signature)
  declare signatures: HasMany<typeof Signature>

  /** Its batches of paper signatures, counted once a moderator verified them. */
  @hasMany(() => PaperSignatureBatch)
  declare paperBatches: HasMany<typeof PaperSignatureBatch>

  /** The owner's records of handing it over, shown on its page. */
  @hasMany(() => PetitionHandover)
  declare handovers: HasMany<typeof PetitionHandover>

  /** Its text before each change made after the first confirmed signature. */
  @hasMany(() => PetitionVersion)
  declare versions: HasMany<typeof PetitionVersion>

  /**
   * Finishing a petition starts its signatures' retention period; reopening
   * it stops it, and finishing it again starts a new one (see
   * services/signatures/retention). Every save that flips `finished` goes
   * through here, so the date cannot drift from the switch.
   */
  @beforeSave()
  static dateFinishing(petition: Petition) {
    if (petition.$dirty.finished === undefined) return
    petition.finishedAt = petition.finished ? DateTime.utc() : null
  }

  /** Whether its closing date has come: closed for signing even before the job finished it. */
  get hasPassedClosingDate() {
    return this.closesAt !== null && this.closesAt <= DateTime.utc()
  }

  /** Whether anyone may sign now: published, not finished, its closing date not come. */
  get isOpenForSigning() {
    return this.isPublic && !this.finished && !this.hasPassedClosingDate
  }

  /** Seen by the public: published and not hidden by moderators. */
  get isPublic() {
    return this.published && !this.hiddenAt
  }

  /**
   * When signing closed, null while it is open: its closing date when that
   * came first (the job finishes it a little later), else when its owner
   * finished it.
   */
  get closedAt(): DateTime | null {
    if (this.closesAt && this.hasPassedClosingDate) {
      if (!this.finishedAt || this.closesAt <= this.finishedAt) return this.closesAt
    }
    return this.finished ? this.finishedAt : null
  }
}
