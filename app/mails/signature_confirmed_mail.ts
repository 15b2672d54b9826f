import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type { PetitionOfMail, SignerOfMail } from '#mails/signature_confirmation_mail'

/**
 * A signature now counts: the signer keeps, in this mail, the petition's
 * address to share and the link that withdraws the signature.
 */
export default class SignatureConfirmedMail extends BaseSiteMail {
  constructor(
    private signer: SignerOfMail,
    locale: string,
    private petition: PetitionOfMail,
    private withdrawUrl: string
  ) {
    super(locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    this.message.to(this.signer.email)
    this.compose(this.t('mail.signature_confirmed.subject', { title }), {
      heading: this.t('mail.signature_confirmed.heading', {
        firstName: mailText(this.signer.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t('mail.signature_confirmed.body', { title })],
      action: { label: this.t('mail.signature_confirmed.action'), url: this.petition.url },
      footnote: this.t('mail.signature_confirmed.footnote'),
      reason: {
        text: this.t('mail.signature.why', { title }),
        link: { label: this.t('mail.signature.withdraw'), url: this.withdrawUrl },
      },
    })
  }
}
