import AccountLinkMail from '#mails/account_link_mail'

/** The link that deletes an account without a password (made through GitHub or Google). */
export default class AccountDeletionLinkMail extends AccountLinkMail {
  protected keyPrefix = 'mail.account_deletion_link'
}
