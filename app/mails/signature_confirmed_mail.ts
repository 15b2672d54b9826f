import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type { PetitionOfMail, SignerOfMail } from '#mails/signature_confirmation_mail'

/** The petition's supporters and goal, as its page shows them when the mail goes. */
export type CountOfMail = { supporters: number; target: number }

/** Moderators' public removal of the signature: when, and their reason. */
export type RemovalOfMail = { date: Date; reason: string }

/** An invalidation's reason is at most 1,000 characters: all of it is public. */
const REASON_LENGTH = 1000

/**
 * A signature is confirmed: the signer keeps, in this mail, the petition's
 * address to share and the link that withdraws the signature. Every signer
 * gets the same mail and the same count, whether a rule stopped their
 * signature or not (it tells nothing a rule would want kept, nor anything
 * false); a signature that moderators removed from the count says so, with
 * their public reason.
 */
export default class SignatureConfirmedMail extends BaseSiteMail {
  constructor(
    private signer: SignerOfMail,
    locale: string,
    private petition: PetitionOfMail & { count: CountOfMail },
    private withdrawUrl: string,
    private removal: RemovalOfMail | null = null
  ) {
    super(locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    const { supporters, target } = this.petition.count
    const removal = this.removal
    this.message.to(this.signer.email)
    const subject = removal
      ? 'mail.signature_confirmed.removed_subject'
      : 'mail.signature_confirmed.subject'
    this.compose(this.t(subject, { title }), {
      heading: this.t('mail.signature_confirmed.heading', {
        firstName: mailText(this.signer.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: removal
        ? [
            this.t('mail.signature_confirmed.removed_body', {
              title,
              date: this.i18n.formatDate(removal.date, { dateStyle: 'long', timeZone: 'UTC' }),
            }),
            this.t('mail.signature_confirmed.removed_reason', {
              reason: mailText(removal.reason, REASON_LENGTH),
            }),
          ]
        : [
            this.t('mail.signature_confirmed.body', { title }),
            this.t('mail.signature_confirmed.count', { count: supporters, target }),
          ],
      action: { label: this.t('mail.signature_confirmed.action'), url: this.petition.url },
      footnote: this.t('mail.signature_confirmed.footnote'),
      reason: {
        text: this.t('mail.signature.why', { title }),
        link: { label: this.t('mail.signature.withdraw'), url: this.withdrawUrl },
      },
    })
  }
}
