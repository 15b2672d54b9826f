import AccountLinkMail from '#mails/account_link_mail'

/** The single-use link that sets a new password. */
export default class PasswordResetMail extends AccountLinkMail {
  protected keyPrefix = 'mail.reset'
  readonly guardedAs = 'passwordResetMails' as const
}
