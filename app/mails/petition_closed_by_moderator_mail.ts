import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type Petition from '#models/petition'
import type User from '#models/user'

/** The longest part of a moderator's reason a mail quotes. */
const REASON_LENGTH = 1000

/**
 * Tells the owner that a moderator closed their petition for signing, and
 * why (the reason the moderator gave, which the owner's form shows too), in
 * the owner's language: they cannot reopen it themselves.
 */
export default class PetitionClosedByModeratorMail extends BaseSiteMail {
  constructor(
    private owner: User,
    private petition: Petition
  ) {
    super(owner.locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    const reason = mailText(this.petition.moderatorClosedReason ?? '', REASON_LENGTH)
    const paragraphs = [this.t('mail.petition_closed_by_moderator.body', { title })]
    if (reason) paragraphs.push(this.t('mail.petition_closed_by_moderator.reason', { reason }))
    paragraphs.push(this.t('mail.petition_closed_by_moderator.next'))
    this.message.to(this.owner.email)
    this.compose(this.t('mail.petition_closed_by_moderator.subject', { title }), {
      heading: this.t('mail.petition_closed_by_moderator.heading', {
        firstName: mailText(this.owner.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs,
      action: {
        label: this.t('mail.petition_closed_by_moderator.open_petition'),
        url: this.onSite(urlFor('petitions.show', { slug: this.petition.slug })),
      },
      links: [
        {
          label: this.t('mail.petition_closed_by_moderator.contact'),
          url: this.onSite(urlFor('contacts.show')),
        },
      ],
      reason: {
        text: this.t('mail.petition_closed_by_moderator.why', { title }),
        link: {
          label: this.t('mail.petition_closed_by_moderator.my_petitions'),
          url: this.onSite(urlFor('my.petitions')),
        },
      },
    })
  }
}
