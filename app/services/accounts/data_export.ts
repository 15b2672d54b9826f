import { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import { ROLE_MODERATOR, ROLE_UNVERIFIED } from '#models/user'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import ContactMessage from '#models/contact_message'
import NewsletterSubscription from '#models/newsletter_subscription'
import { signaturesOf } from '#services/signatures/member_signatures'
import { apiTokensForExport } from '#services/api_tokens/tokens'
import { site } from '#config/site'
import { identityProvider } from '#config/identity'
import type { IdentityClaims } from '#shared/identity'
import { uploadUrl } from '#support/uploads'

const iso = (value: DateTime | null | undefined) => value?.toISO() ?? null
const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position

/**
 * A verified identity as kept (on a signature, or linked to the account):
 * the provider by key and by the name the site gives it (the key alone once
 * the site no longer names it), the claims and the keyed hash that stands
 * for the person. Null when there is none, or when it was erased.
 */
function identityItem(
  providerKey: string | null,
  identityHash: string | null,
  claims: IdentityClaims | null
) {
  if (!providerKey || !identityHash) return null
  return {
    provider: identityProvider(providerKey)?.name ?? providerKey,
    providerKey,
    claims: claims ?? {},
    hash: identityHash,
  }
}

function roleName(role: number) {
  if (role === ROLE_UNVERIFIED) return 'unverified'
  return role === ROLE_MODERATOR ? 'moderator' : 'member'
}

function mediaItem(media: PetitionMedia) {
  return {
    type: media.type,
    url: media.url,
    title: media.title,
    description: media.description,
    position: media.position,
    createdAt: iso(media.createdAt),
  }
}

/**
 * Everything the site keeps about a member, for them to download: the
 * account (never its password hash or its providers' ids: only which are
 * linked), the petitions they own with all their parts (not the signatures
 * others gave them, which are those people's data), pictures uploaded for
 * petitions not saved yet, their own signatures with the answers they gave
 * and the verified identity each kept, the identity linked to the account,
 * their messages to the team, their API tokens with each use (never a
 * token's hash) and, once the account has proven its address,
 * the newsletter subscription of that address (an unverified account may be
 * a stranger's registration of someone else's address).
 */
export async function accountExport(user: User) {
  const [petitions, pendingUploads, signatures, contactMessages, newsletter] = await Promise.all([
    Petition.query()
      .where('user_id', user.id)
      .preload('media')
      .preload('letters', (letters) => letters.preload('recipients'))
      .preload('updates')
      .preload('customFields')
      .preload('paperBatches', (batches) => batches.orderBy('id'))
      .preload('handovers', (handovers) => handovers.orderBy('id'))
      .orderBy('id'),
    PetitionMedia.query().where('user_id', user.id).whereNull('petition_id').orderBy('id'),
    signaturesOf(user)
      .preload('petition', (petition) => petition.preload('customFields'))
      .orderBy('id'),
    ContactMessage.query().where('user_id', user.id).orderBy('id'),
    user.isVerified
      ? NewsletterSubscription.findBy('email', user.email.trim().toLowerCase())
      : null,
  ])
  const apiTokens = await apiTokensForExport(user)

  return {
    site: site.url,
    exportedAt: DateTime.utc().toISO(),
    account: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      nickName: user.nickName,
      email: user.email,
      pendingEmail: user.pendingEmail,
      role: roleName(user.role),
      locale: user.locale,
      avatar: user.avatar,
      hasPassword: Boolean(user.password),
      linkedProviders: user.linkedProviders,
      // The verified identity linked to the account (once), and when.
      linkedIdentity: user.identityHash
        ? {
            ...identityItem(user.identityProvider, user.identityHash, user.identityClaims),
            linkedAt: iso(user.identityLinkedAt),
          }
        : null,
      signaturesCount: user.signaturesCount,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    petitions: petitions.map((petition) => ({
      url: site.url + urlFor('petitions.show', { slug: petition.slug }),
      guid: petition.guid,
      slug: petition.slug,
      title: petition.title,
      target: petition.target,
      description: petition.description,
      targetSignatures: petition.targetSignatures,
      milestones: petition.milestones,
      published: petition.published,
      finished: petition.finished,
      private: petition.private,
      allowComments: petition.allowComments,
      allowOpposite: petition.allowOpposite,
      supportCount: petition.supportCount,
      opposeCount: petition.opposeCount,
      paperCount: petition.paperCount,
      succeededAt: iso(petition.succeededAt),
      createdAt: iso(petition.createdAt),
      updatedAt: iso(petition.updatedAt),
      media: [...petition.media].sort(byPosition).map(mediaItem),
      letters: [...petition.letters].sort(byPosition).map((letter) => ({
        text: letter.payload,
        recipients: [...letter.recipients].sort(byPosition).map((recipient) => ({
          name: recipient.name,
          designation: recipient.payload,
          // The owner's own entry: the address they gave for the recipient.
          email: recipient.email,
        })),
      })),
      updates: [...petition.updates]
        .sort((a, b) => a.happenedOn.toMillis() - b.happenedOn.toMillis())
        .map((update) => ({
          title: update.title,
          description: update.description,
          happenedOn: update.happenedOn.toISODate(),
          createdAt: iso(update.createdAt),
        })),
      customFields: [...petition.customFields].sort(byPosition).map((field) => ({
        type: field.type,
        title: field.title,
        description: field.description,
        required: field.required,
      })),
      // What the owner recorded of the campaign offline (a sheet's photo stays on the site:
      // it shows other people's names).
      paperBatches: petition.paperBatches.map((batch) => ({
        signatures: batch.signatures,
        place: batch.place,
        collectedOn: batch.collectedOn.toISODate(),
        status: batch.status,
        decisionReason: batch.decisionReason,
        createdAt: iso(batch.createdAt),
      })),
      handovers: petition.handovers.map((handover) => ({
        recipient: handover.recipient,
        handedOverOn: handover.handedOverOn.toISODate(),
        place: handover.place,
        photo: handover.photoPath ? uploadUrl(handover.photoPath) : null,
        createdAt: iso(handover.createdAt),
      })),
    })),
    pendingUploads: pendingUploads.map(mediaItem),
    signatures: signatures.map((signature) => {
      const fields = signature.petition.customFields
      return {
        petition: {
          title: signature.petition.title,
          url: site.url + urlFor('petitions.show', { slug: signature.petition.slug }),
        },
        firstName: signature.firstName,
        lastName: signature.lastName,
        email: signature.email,
        country: signature.country,
        postalCode: signature.postalCode,
        comment: signature.comment,
        supports: signature.score > 0,
        anonymous: signature.private,
        active: signature.active,
        // Mailed the petition's updates and responses (asked for when signing).
        wantsUpdates: signature.wantsUpdates,
        // Each answer under its field's title (the id when the field is gone).
        answers: Object.fromEntries(
          Object.entries(signature.customFieldsData ?? {}).map(([id, value]) => [
            fields.find((field) => String(field.id) === id)?.title ?? id,
            value,
          ])
        ),
        locale: signature.locale,
        signedAt: iso(signature.createdAt),
        confirmedAt: iso(signature.confirmedAt),
        // The code of the link followed to the petition, if it carried one.
        source: signature.source,
        // The opt-in to be contacted by the petition's owner: when, in the words shown.
        contactConsent: signature.contactConsentAt
          ? { at: iso(signature.contactConsentAt), text: signature.contactConsentText }
          : null,
        // Signed with a verified identity: through which provider, what it kept of it.
        verified: signature.identityProvider !== null,
        identity: identityItem(
          signature.identityProvider,
          signature.identityHash,
          signature.identityClaims
        ),
      }
    }),
    contactMessages: contactMessages.map((message) => ({
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      sentAt: iso(message.createdAt),
    })),
    newsletter: newsletter
      ? {
          email: newsletter.email,
          subscribed: Boolean(newsletter.confirmedAt) && !newsletter.unsubscribedAt,
          confirmedAt: iso(newsletter.confirmedAt),
          unsubscribedAt: iso(newsletter.unsubscribedAt),
          createdAt: iso(newsletter.createdAt),
        }
      : null,
    apiTokens,
  }
}

/** "undersign-account-2026-11-22.json". */
export function exportFileName(today = DateTime.utc()) {
  const name = site.name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase() || 'account'
  return `${name}-account-${today.toISODate()}.json`
}
