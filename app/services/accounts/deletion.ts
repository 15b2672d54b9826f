import { DateTime } from 'luxon'
import drive from '@adonisjs/drive/services/main'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import AccountDeletionLinkMail from '#mails/account_deletion_link_mail'
import AccountDeletedMail from '#mails/account_deleted_mail'
import { anonymiseSignatures } from '#services/signatures/personal_data'
import { signedBy } from '#services/signatures/member_signatures'
import { deleteMedia } from '#services/petitions/media'
import { deletePetitionPhotosOnCommit } from '#services/uploads/photos_of_deleted_petitions'
import { affectedRows } from '#support/database_errors'
import { endAllSessions } from '#services/accounts/sessions'
import { accountLinksVersionOf, accountOfLink } from '#services/accounts/mailbox_proof'
import { site } from '#config/site'
import { localeOf } from '#app/i18n/locales'
import type { SignedFor } from '#support/http/signed_links'
import SendMailJob from '#jobs/send_mail_job'
import { changePetitions } from '#models/petition_changes'

/** How long a mailed deletion link works. */
const LINK_LIFETIME = '60 minutes'

/**
 * What a deletion link is signed for: this account at its current address,
 * until its mailbox is proven again (see mailbox_proof).
 */
function linkPurpose(user: User) {
  return `delete-account:${user.id}:${user.email}:${accountLinksVersionOf(user)}`
}

/**
 * Mails the member a link that deletes the account: how an account without
 * a password (made through GitHub or Google) proves it is its owner who
 * deletes it. The link's page only asks; its button deletes.
 */
export async function mailDeletionLink(user: User, locale: string) {
  const mailLocale = localeOf({ locale })
  const url = signedUrlFor(
    'account.delete',
    { id: user.id },
    { prefixUrl: site.urlFor(mailLocale), expiresIn: LINK_LIFETIME, purpose: linkPurpose(user) }
  )
  await SendMailJob.dispatchMails([new AccountDeletionLinkMail(user, mailLocale, url)])
}

/** The member a mailed deletion link is for, when it is valid: signed, unexpired, same address. */
export function accountOfDeletionLink(userId: number, signed: SignedFor) {
  return accountOfLink(userId, linkPurpose, signed)
}

/** Where an avatar uploaded to this site is kept on the disk; null for any other picture. */
function avatarFileOf(user: User) {
  return user.avatar?.startsWith('/uploads/avatars/')
    ? user.avatar.replace(/^\/uploads\//, '')
    : null
}

/**
 * Deletes a member's account, in one transaction:
 *
 * - its signatures (as My signatures lists them) lose their signer's
 *   personal data but keep counting;
 * - its unpublished petitions go with all their parts (their signatures,
 *   whose members' own counts are lowered first) and their uploaded
 *   pictures, as do pictures uploaded for petitions never saved;
 * - its published petitions stay published, owned by nobody: they show a
 *   deleted user as their owner and moderators look after them;
 * - the account row goes (its reset tokens with it).
 *
 * Once committed, the stored files go (a rollback would have kept them),
 * every session of the member ends and the address is told (unless
 * `farewellMail` is false). The caller logs the current browser out. False
 * when the account was already gone, or, with `onlyIfUnverified`, when its
 * mailbox has been proven meanwhile.
 */
export async function deleteAccount(
  user: User,
  locale: string,
  { onlyIfUnverified = false, farewellMail = true } = {}
) {
  const now = DateTime.now()
  const deleted = await changePetitions(async ({ trx, mark }) => {
    // Locked: a proof of the mailbox racing a stranger's deletion waits, and is then seen.
    const current = await User.query({ client: trx }).where('id', user.id).forUpdate().first()
    if (!current || (onlyIfUnverified && current.isVerified)) return false

    // All of them: by account, and made with its verified address before it had one.
    await anonymiseSignatures(trx, (query) => query.where(signedBy(user)))

    const owned = await Petition.query({ client: trx }).where('user_id', user.id)
    const unpublishedIds = owned.filter((petition) => !petition.published).map(({ id }) => id)
    const publishedIds = owned.filter((petition) => petition.published).map(({ id }) => id)
    if (unpublishedIds.length > 0) {
      await anonymiseSignatures(trx, (query) => query.whereIn('petition_id', unpublishedIds))
      const media = await PetitionMedia.query({ client: trx }).whereIn(
        'petition_id',
        unpublishedIds
      )
      await deleteMedia(media, trx)
      await deletePetitionPhotosOnCommit(trx, unpublishedIds)
      // Letters, recipients, updates, fields, signatures, paper batches, hand-overs and pending counts go with them.
      await trx.from('petitions').whereIn('id', unpublishedIds).delete()
    }
    const pendingUploads = await PetitionMedia.query({ client: trx })
      .where('user_id', user.id)
      .whereNull('petition_id')
    await deleteMedia(pendingUploads, trx)

    await trx
      .from('petitions')
      .where('user_id', user.id)
      .update({ user_id: null, updated_at: now.toFormat(trx.dialect.dateTimeFormat) })
    await trx.from('petition_media').where('user_id', user.id).update({ user_id: null })
    mark('page', ...unpublishedIds, ...publishedIds)

    return affectedRows(await trx.from('users').where('id', user.id).delete()) > 0
  })
  // A second click, or a second link, finds nothing left to delete.
  if (!deleted) return false

  const avatarFile = avatarFileOf(user)
  const disk = drive.use()
  if (avatarFile) await disk.delete(avatarFile).catch(() => {})
  await endAllSessions(user)
  if (farewellMail) {
    await SendMailJob.dispatchMails([
      new AccountDeletedMail(user.email, user.firstName, localeOf({ locale })),
    ])
  }
  return true
}
