import type { DateTime } from 'luxon'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type { PetitionOfMail, SignerOfMail } from '#mails/signature_confirmation_mail'

/**
 * Someone signed a petition again with an address that had signed it. The
 * sign form answered them as any first signer ("check your inbox"), so
 * only this mailbox learns that the address had signed, and when. Sent at
 * most once a day per signature; its footer withdraws the signature.
 */
export default class SignedAgainMail extends BaseSiteMail {
  constructor(
    private signer: SignerOfMail,
    locale: string,
    private petition: PetitionOfMail,
    private signedOn: DateTime,
    private withdrawUrl: string
  ) {
    super(locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    // The server keeps its dates in UTC: the day named is the day of signing there.
    const date = this.i18n.formatDate(this.signedOn, { dateStyle: 'long', timeZone: 'UTC' })
    this.message.to(this.signer.email)
    this.compose(this.t('mail.signed_again.subject', { title }), {
      heading: this.t('mail.signature.heading', {
        firstName: mailText(this.signer.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.signed_again.body', { title, date }),
        this.t('mail.signed_again.not_you'),
      ],
      action: { label: this.t('mail.signature_confirmed.action'), url: this.petition.url },
      footnote: this.t('mail.signed_again.footnote'),
      reason: {
        text: this.t('mail.signature.why', { title }),
        link: { label: this.t('mail.signature.withdraw'), url: this.withdrawUrl },
      },
    })
  }
}
