import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type Petition from '#models/petition'
import type User from '#models/user'

/**
 * Tells the owner that the moderators hid their petition, and why, in
 * the owner's language; the reason also shows in My petitions.
 */
export default class PetitionHiddenMail extends BaseSiteMail {
  constructor(
    private owner: User,
    private petition: Petition
  ) {
    super(owner.locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    this.message.to(this.owner.email)
    this.compose(this.t('mail.petition_hidden.subject', { title }), {
      heading: this.t('mail.petition_hidden.heading', {
        firstName: mailText(this.owner.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.petition_hidden.body', { title }),
        this.t('mail.petition_hidden.reason', { reason: this.petition.hiddenReason ?? '' }),
        this.t('mail.petition_hidden.next'),
      ],
      action: {
        label: this.t('mail.petition_hidden.contact'),
        url: this.onSite(urlFor('contacts.show')),
      },
      reason: {
        text: this.t('mail.petition_hidden.why', { title }),
        link: {
          label: this.t('mail.petition_hidden.my_petitions'),
          url: this.onSite(urlFor('my.petitions')),
        },
      },
    })
  }
}
