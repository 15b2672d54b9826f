import AccountLinkMail from '#mails/account_link_mail'

/** The link that verifies a member's e-mail address. */
export default class VerifyEmailMail extends AccountLinkMail {
  protected keyPrefix = 'mail.verify'
  readonly guardedAs = 'verificationMails' as const
}
