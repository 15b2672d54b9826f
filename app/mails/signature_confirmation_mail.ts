import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'

export type SignerOfMail = { email: string; firstName: string }
export type PetitionOfMail = { title: string; url: string }

/**
 * The link a guest's signature waits for: valid 7 days. It
 * tells the owner of the address that signing again replaces a signature
 * someone else may have made with it, and its footer withdraws it.
 */
export default class SignatureConfirmationMail extends BaseSiteMail {
  constructor(
    private signer: SignerOfMail,
    locale: string,
    private petition: PetitionOfMail,
    private confirmUrl: string,
    private withdrawUrl: string
  ) {
    super(locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    this.message.to(this.signer.email)
    this.compose(this.t('mail.signature.subject', { title }), {
      heading: this.t('mail.signature.heading', {
        firstName: mailText(this.signer.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [this.t('mail.signature.body', { title }), this.t('mail.signature.replace_hint')],
      action: { label: this.t('mail.signature.action'), url: this.confirmUrl },
      footnote: this.t('mail.signature.footnote'),
      reason: {
        text: this.t('mail.signature.why', { title }),
        link: { label: this.t('mail.signature.withdraw'), url: this.withdrawUrl },
      },
    })
  }
}
