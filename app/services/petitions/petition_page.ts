import type Petition from '#models/petition'
import type User from '#models/user'
import { petitionPageData, type PageData } from '#services/petitions/page_data'
import { hideReasonOf, type HideReason } from '#shared/moderation'
import type { OwnSignature } from '#shared/petitions/own_signature'
import { ownSigning } from '#services/signatures/viewer_signature'
import { removalOf } from '#services/signatures/removal'
import { parseSignedEntry } from '#support/http/signed_petitions_cookie'
import { receiptsOf } from '#services/transparency/petition_log'

/**
 * Who looks at a petition's page: a member, or a guest with the petitions
 * their signed cookie says they signed (petition id → ISO date); and
 * whether they may see a petition hidden by moderators (ModerationPolicy).
 */
export type PageViewer = {
  user: User | null
  signedByCookie: Record<string, string>
  seesHidden: boolean
}

/** The page's petition with its last signatures, and when this viewer signed it (null: not yet). */
export type ShownPetitionPage = {
  kind: 'shown'
  petition: Petition
  /** The loaded copy itself: the shared guest page is kept per copy. */
  data: PageData
  signedAt: string | null
  /** The viewer's own signature, when the page knows it: confirmed, or waiting for it. */
  mine: OwnSignature | null
}

/**
 * What a petition's page shows its viewer: nothing (no petition has the
 * slug), the notice of its removal by moderators, or the petition.
 */
export type PetitionPage =
  | { kind: 'missing' }
  | {
      kind: 'removed'
      petition: Petition
      removal: { title: string; reason: HideReason; hiddenAt: string }
    }
  | ShownPetitionPage

/**
 * The petition of a page and what its viewer sees of it. Whether the viewer
 * may see it at all (a draft) is the caller's check, on `petition`; a
 * missing or removed petition's viewer is not looked up.
 */
export async function petitionPage(slug: string, viewer: PageViewer): Promise<PetitionPage> {
  const found = await petitionSeenBy(slug, viewer)
  if (found.kind !== 'seen') return found
  const { data } = found
  return {
    kind: 'shown',
    petition: data.petition,
    data,
    ...(await viewersSignature(data.petition, viewer)),
  }
}

/**
 * The petition of a slug as its page's viewer may see it: missing, removed
 * by moderators (for anyone but its owner and moderators), or seen, with
 * its page's data. Pages about a petition (its history) answer as its page
 * does; whether the viewer may see a draft is the caller's check.
 */
export async function petitionSeenBy(
  slug: string,
  viewer: Pick<PageViewer, 'user' | 'seesHidden'>
): Promise<
  Exclude<PetitionPage, ShownPetitionPage> | { kind: 'seen'; petition: Petition; data: PageData }
> {
  // A member may just have edited it: never served an older copy.
  const data = await petitionPageData(slug, { reuse: !viewer.user })
  if (!data) return { kind: 'missing' }
  const { petition } = data
  // Hidden by moderators: the public gets the reason of the list (never the
  // moderator's note), its owner and moderators the petition with a banner.
  const isOwner = viewer.user !== null && viewer.user.id === petition.userId
  if (petition.hiddenAt && !viewer.seesHidden && !isOwner) {
    const removal = {
      title: petition.title,
      reason: hideReasonOf(petition.hiddenReason),
      hiddenAt: petition.hiddenAt.toISODate()!,
    }
    return { kind: 'removed', petition, removal }
  }
  return { kind: 'seen', petition, data }
}

/**
 * When the viewer signed, and their signature's state: a member by their own
 * signatures, a guest by the signed cookie the sign request set (a cookie of
 * before, with a date only, tells the date only). A second signature with
 * an address that had signed shows as a first one waiting for its link,
 * with the address as its signer typed it.
 */
/** The signer's receipt, once the log has their signature. */
async function receiptOfSignature(signature: { receiptSecret: string | null }) {
  const secret = signature.receiptSecret
  if (!secret) return null
  const receipts = await receiptsOf([secret])
  return receipts.get(secret) ?? null
}

async function viewersSignature(
  petition: Petition,
  viewer: PageViewer
): Promise<{ signedAt: string | null; mine: OwnSignature | null }> {
  if (!viewer.user) {
    const entry = parseSignedEntry(viewer.signedByCookie[String(petition.id)])
    if (!entry) return { signedAt: null, mine: null }
    if (entry.kind === 'date') return { signedAt: entry.signedAt, mine: null }
  }
  const own = await ownSigning(petition, viewer)
  if (!own) return { signedAt: null, mine: null }
  const guest = !viewer.user
  if (own.kind === 'repeat') {
    const { repeat } = own
    return {
      signedAt: repeat.createdAt.toISO(),
      mine: { status: 'pending', email: repeat.email, guest },
    }
  }
  const { signature } = own
  const removal = await removalOf(signature)
  const receipt = signature.confirmedAt ? await receiptOfSignature(signature) : null
  const mine: OwnSignature = removal
    ? { status: 'removed', confirmed: signature.confirmedAt !== null, ...removal, guest, receipt }
    : signature.confirmedAt
      ? { status: 'confirmed', guest, receipt }
      : { status: 'pending', email: signature.email, guest }
  return { signedAt: signature.createdAt.toISO(), mine }
}
