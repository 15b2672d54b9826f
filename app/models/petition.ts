import { DateTime } from 'luxon'
import {
  afterDelete,
  afterSave,
  BaseModel,
  beforeSave,
  belongsTo,
  column,
  hasMany,
} from '@adonisjs/lucid/orm'
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
import Signature from '#models/signature'
import { descriptionText } from '#support/search_text'
import { searchTerms } from '#support/search_terms'
import CacheVersion from '#models/cache_version'
import { milestonesOf, nextMilestone } from '#shared/petitions/milestones'

/** Saves that bring a petition into the sitemap or take it out, until they are written. */
const sitemapChanges = new WeakSet<Petition>()

/** Listed in the sitemap: public (published, not hidden) and not private. */
function inSitemap(values: { published?: boolean; private?: boolean; hiddenAt?: unknown }) {
  return Boolean(values.published) && !values.private && !values.hiddenAt
}

export default class Petition extends BaseModel {
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

  /** The description's words without markup, for the search index; kept by `keepDescriptionText`. */
  @column()
  declare descriptionText: string

  /** Its places and the stems of its words, for the search index (support/search_terms). */
  @column({ serializeAs: null })
  declare searchTerms: string

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

  /**
   * When a moderator hid it, and why: a reason of the list (HIDE_REASONS),
   * which the public gets instead of the petition, and the moderator's note,
   * which only moderators see.
   */
  @column.dateTime()
  declare hiddenAt: DateTime | null

  /**
   * A moderator's pause of its signing: since when (null: not paused) and
   * until when (null: until lifted). Signatures made meanwhile are answered
   * as usual and never count.
   */
  @column.dateTime()
  declare signingPausedAt: DateTime | null

  @column.dateTime()
  declare signingPausedUntil: DateTime | null

  @column()
  declare hiddenReason: string | null

  @column()
  declare hiddenNote: string | null

  /** When its owner, having fixed it, asked the moderators to review its hiding. */
  @column.dateTime()
  declare reviewRequestedAt: DateTime | null

  /**
   * When a moderator closed it for signing, and why: its owner cannot reopen
   * it, only a moderator's reopen (services/moderation/petition_actions).
   */
  @column.dateTime()
  declare moderatorClosedAt: DateTime | null

  @column()
  declare moderatorClosedReason: string | null

  /** When a moderator last acted on it or dismissed its reports: null, new to the queue. */
  @column.dateTime()
  declare reviewedAt: DateTime | null

  /** When the owner or a moderator marked it a victory; null for none. */
  @column.dateTime()
  declare victoryAt: DateTime | null

  /** Since when it has news (updates, responses) its signers have not been mailed; null for none. */
  @column.dateTime({ serializeAs: null })
  declare newsPendingSince: DateTime | null

  /** When its signers who asked for news were last mailed it (at most once a day). */
  @column.dateTime({ serializeAs: null })
  declare newsMailedAt: DateTime | null

  /**
   * The owner's milestones besides the target (see shared/petitions/milestones):
   * stored as a JSON list.
   */
  @column({
    serializeAs: null,
    prepare: (value: number[] | null) => (value && value.length > 0 ? JSON.stringify(value) : null),
    consume: (value: string | null) => (value ? (JSON.parse(value) as number[]) : []),
  })
  declare milestones: number[]

  /** The highest milestone whose recipients were told; 0 before the first. */
  @column({ serializeAs: null })
  declare milestoneReached: number

  /** The milestone the counter's flush compares the support with; null when none is left. */
  @column({ serializeAs: null })
  declare nextMilestone: number | null

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
  /**
   * The milestone the counter's flush watches for follows the target, the
   * owner's list and the last one reached, on every save that moves them.
   */
  @beforeSave()
  static watchNextMilestone(petition: Petition) {
    const dirty = petition.$dirty
    if (
      petition.$isPersisted &&
      dirty.targetSignatures === undefined &&
      dirty.milestones === undefined &&
      dirty.milestoneReached === undefined
    ) {
      return
    }
    petition.nextMilestone = nextMilestone(
      milestonesOf(petition.targetSignatures, petition.milestones ?? []),
      petition.milestoneReached ?? 0
    )
  }

  @beforeSave()
  static dateFinishing(petition: Petition) {
    if (petition.$dirty.finished === undefined) return
    petition.finishedAt = petition.finished ? DateTime.utc() : null
  }

  /**
   * The sitemap (services/seo/sitemap) lists public, not private petitions:
   * a save or deletion that brings one in or takes one out gives it a new
   * version, after the row is written and in the same transaction, so that
   * every worker rebuilds it at its next request once that commits. Every
   * such change (publishing, hiding, making private, deleting) saves the model.
   */
  @beforeSave()
  static noteSitemapChange(petition: Petition) {
    const before = petition.$isPersisted && inSitemap(petition.$original)
    if (before !== inSitemap(petition.$attributes)) sitemapChanges.add(petition)
  }

  @afterSave()
  static async changeSitemap(petition: Petition) {
    if (sitemapChanges.delete(petition)) await CacheVersion.renew('sitemap', petition.$trx)
  }

  @afterDelete()
  static async leaveSitemap(petition: Petition) {
    if (inSitemap(petition.$original)) await CacheVersion.renew('sitemap', petition.$trx)
  }

  /** Whether its closing date has come: closed for signing even before the job finished it. */
  get hasPassedClosingDate() {
    return this.closesAt !== null && this.closesAt <= DateTime.utc()
  }

  /**
   * The search index reads the description's words, not its tags: every
   * save that writes the HTML writes its text too.
   */
  @beforeSave()
  static keepDescriptionText(petition: Petition) {
    if (petition.$dirty.description === undefined) return
    petition.descriptionText = descriptionText(petition.description ?? '')
  }

  /** Declared after `keepDescriptionText`, whose text it reads: hooks run in that order. */
  @beforeSave()
  static keepSearchTerms(petition: Petition) {
    const dirty = petition.$dirty
    const read = ['title', 'target', 'description', 'region', 'country', 'lang']
    if (petition.$isPersisted && !read.some((key) => dirty[key] !== undefined)) return
    petition.searchTerms = searchTerms(petition)
  }

  /** Whether anyone may sign now: published, not finished, its closing date not come. */
  get isOpenForSigning() {
    return this.isPublic && !this.finished && !this.hasPassedClosingDate
  }

  /** Closed by a moderator: finished, and only a moderator may open it again. */
  get isClosedByModerator() {
    return Boolean(this.moderatorClosedAt)
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
