import { type DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Petition from '#models/petition'
import { ownerOf } from '#transformers/petition_card_transformer'
import { csvRow } from '#support/csv'
import { wherePublic } from '#support/petition_visibility'
import type { NamedCountryCount } from '#shared/petitions/country_counts'
import type { RecipientStanding } from '#shared/petitions/recipient_standing'
import type { PetitionTopic } from '#shared/petitions/topics'
import type { IdentityResidence } from '#shared/identity'
import type { NotCounted } from '#shared/petitions/not_counted'
import { petitionProgress } from '#shared/petitions/progress'

/**
 * A decision maker its letters name, with when the petition was first
 * mailed to them and when they answered; never their address.
 */
export type OpenRecipient = {
  name: string
  role: string
  deliveredAt: string | null
  answeredAt: string | null
}

/**
 * What anyone may read about a petition outside the site: what its public
 * page shows, as data. Never an e-mail, a signer or a draft.
 */
export type OpenPetition = {
  /** Its guid: the transparency log names petitions by it. */
  guid: string
  slug: string
  url: string
  lang: string
  title: string
  target: string
  description: string
  state: 'open' | 'closed'
  successful: boolean
  /** Its supporters: confirmed online support and the verified paper signatures (the goal counts them). */
  supportCount: number
  opposeCount: number
  /** Of `supportCount`, the signatures collected on paper and verified by moderators. */
  paperCount: number
  /** Of `supportCount`, those signed online: `onlineSupportCount + paperCount = supportCount`. */
  onlineSupportCount: number
  /** Everyone who signed: `supportCount + opposeCount`. */
  totalSignatures: number
  /** Of the signatures counted online (either side), those whose signer verified their identity. */
  verifiedCount: number
  /**
   * The transparency log's size these counts correspond to: the petition's
   * leaves below it add up to `supportCount`, `opposeCount` and `paperCount`.
   */
  logTreeSize: number
  targetSignatures: number
  /** Signatures moderators' standing invalidations took out, confirmed before or after them. */
  signaturesRemovedByModerators: number
  /** Confirmed signatures the site's rules stopped (blocked domain or network, pause, disposable list). */
  signaturesStoppedByRules: number
  /** Confirmed signatures its owner switched off. */
  signaturesDeactivatedByOwner: number
  /** Signatures of paper batches moderators rejected. */
  paperSignaturesRejected: number
  owner: string
  createdAt: string
  closesAt: string | null
  closedAt: string | null
  succeededAt: string | null
  /** When its owner or a moderator marked it a victory, or null. */
  victoryAt: string | null
  /** What it is about: one to three topic keys (PETITION_TOPICS), never translated. */
  topics: PetitionTopic[]
  /** Where it applies: an ISO 3166-1 alpha-2 code, or null (anywhere). */
  country: string | null
  /** A region or city within the country, as its owner typed it, or null. */
  region: string | null
  /** Only signatures whose signer verified their identity are taken. */
  identityRequired: boolean
  /** Whose verified residence may sign: the petition's country's, its region's, or anyone's (null). */
  identityResidence: IdentityResidence | null
  /**
   * Its counted signatures (support and opposition) by the country signers
   * chose, the largest first, named in the reader's language; 'ZZ' counts
   * those without a country (signed before the form asked).
   */
  signaturesByCountry: NamedCountryCount[]
  /** Its letters' recipients in order, and whether they were told and answered. */
  recipients: OpenRecipient[]
}

const iso = (value: DateTime | null) => (value ? value.toUTC().toISO() : null)

/**
 * A published petition as open data. `siteUrl` is the language site the
 * reader asked on, so that links open in their language; `deletedOwnerName`
 * names the owner of a petition whose account is gone; `signaturesByCountry`
 * are its counts by country, named; `standing` where its recipients stand;
 * `notCounted` its signatures that do not count. Its counts are the page's
 * (`petitionProgress`).
 */
export function openPetition(
  petition: Petition,
  siteUrl: string,
  deletedOwnerName: string,
  signaturesByCountry: NamedCountryCount[],
  standing: RecipientStanding[],
  notCounted: NotCounted
): OpenPetition {
  const owner = ownerOf(petition, deletedOwnerName)
  const open = petition.isOpenForSigning
  const counts = petitionProgress(petition)
  return {
    guid: petition.guid,
    slug: petition.slug,
    url: siteUrl + urlFor('petitions.show', { slug: petition.slug }),
    lang: petition.lang,
    title: petition.title,
    target: petition.target,
    description: petition.descriptionText,
    state: open ? 'open' : 'closed',
    successful: petition.supportCount >= petition.targetSignatures,
    supportCount: counts.supportCount,
    opposeCount: counts.opposeCount,
    paperCount: counts.paperCount,
    onlineSupportCount: counts.onlineSupportCount,
    totalSignatures: counts.totalSignatures,
    verifiedCount: counts.verifiedCount,
    logTreeSize: Number(petition.logTreeSize ?? 0),
    targetSignatures: petition.targetSignatures,
    signaturesRemovedByModerators: notCounted.removedByModerators,
    signaturesStoppedByRules: notCounted.stoppedByRules,
    signaturesDeactivatedByOwner: notCounted.deactivatedByOwner,
    paperSignaturesRejected: notCounted.paperRejected,
    owner: [owner.firstName, owner.lastName].filter(Boolean).join(' '),
    createdAt: iso(petition.createdAt)!,
    closesAt: iso(petition.closesAt),
    // A petition past its closing date is closed even before the job marks it finished.
    closedAt: open ? null : iso(petition.finishedAt ?? petition.closesAt),
    succeededAt: iso(petition.succeededAt),
    victoryAt: iso(petition.victoryAt),
    topics: petition.topics ?? [],
    country: petition.country ?? null,
    region: petition.region ?? null,
    identityRequired: petition.identityRequired,
    identityResidence: petition.identityResidence ?? null,
    signaturesByCountry,
    recipients: standing.map(({ name, role, deliveredAt, handedOverOn, answeredAt }) => ({
      name,
      role,
      deliveredAt,
      handedOverOn,
      answeredAt,
    })),
  }
}

/** A published petition by its slug with what its open data shows (its owner). */
export function publishedPetition(slug: string) {
  return wherePublic(Petition.query()).where('slug', slug).preload('user').first()
}

/**
 * The columns of the CSV list, in order: the same fields as the JSON, those
 * added later before the description, so that the columns scripts read keep
 * their places and the longest stays last.
 */
const CSV_COLUMNS = [
  'slug',
  'url',
  'lang',
  'title',
  'target',
  'state',
  'successful',
  'supportCount',
  'opposeCount',
  'paperCount',
  'onlineSupportCount',
  'totalSignatures',
  'targetSignatures',
  'signaturesRemovedByModerators',
  'signaturesStoppedByRules',
  'signaturesDeactivatedByOwner',
  'paperSignaturesRejected',
  'owner',
  'createdAt',
  'closesAt',
  'closedAt',
  'succeededAt',
  'victoryAt',
  'topics',
  'country',
  'region',
  'verifiedCount',
  'identityRequired',
  'identityResidence',
  'description',
] as const satisfies ReadonlyArray<keyof OpenPetition>

export function openPetitionsCsv(petitions: OpenPetition[]) {
  const header = csvRow([...CSV_COLUMNS])
  const rows = petitions.map((petition) =>
    csvRow(
      CSV_COLUMNS.map((column) => {
        const value = petition[column]
        // Topic keys hold no spaces: one cell, split on spaces, gives them back.
        if (Array.isArray(value)) return value.join(' ')
        return typeof value === 'boolean' ? String(value) : value
      })
    )
  )
  return header + rows.join('')
}
