import BaseSiteMail from '#mails/base_site_mail'

/**
 * The link a guest's signature waits for (decisions 1): valid 7 days. It
 * tells the owner of the address that signing again replaces a signature
 * someone else may have made with it.
 */
export default class SignatureConfirmationMail extends BaseSiteMail {
  constructor(
    private signer: { email: string; firstName: string; lastName: string },
    locale: string,
    private petitionTitle: string,
    private confirmUrl: string
  ) {
    super(locale)
  }

  prepare() {
    this.message.to(this.signer.email, `${this.signer.firstName} ${this.signer.lastName}`)
    this.compose(this.t('mail.signature.subject', { title: this.petitionTitle }), {
      heading: this.t('mail.signature.heading', { firstName: this.signer.firstName }),
      paragraphs: [
        this.t('mail.signature.body', { title: this.petitionTitle }),
        this.t('mail.signature.replace_hint'),
      ],
      action: { label: this.t('mail.signature.action'), url: this.confirmUrl },
      footnote: this.t('mail.signature.footnote'),
    })
  }
}
