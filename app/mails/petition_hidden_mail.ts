import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type Petition from '#models/petition'
import type User from '#models/user'
import { hideReasonOf } from '#shared/moderation'

/**
 * Tells the owner that the moderators hid their petition, and why (the
 * reason of the list, never the moderator's note), in the owner's
 * language; the reason also shows in My petitions and on the petition's page.
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
        this.t('mail.petition_hidden.reason', {
          reason: this.t(`common.hide_reasons.${hideReasonOf(this.petition.hiddenReason)}`),
        }),
        this.t('mail.petition_hidden.next'),
      ],
      // Its page, where its owner sees the reason and asks for a review once it is fixed.
      action: {
        label: this.t('mail.petition_hidden.open_petition'),
        url: this.onSite(urlFor('petitions.show', { slug: this.petition.slug })),
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
