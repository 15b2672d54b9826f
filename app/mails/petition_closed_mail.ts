import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type Petition from '#models/petition'
import type User from '#models/user'
import { lastOpenDay } from '#shared/petitions/closing'

/**
 * Tells the owner that their petition closed on its closing date, with its
 * final count, a link to it and one to its signatures page, where they can
 * download the signatures to hand them over.
 */
export default class PetitionClosedMail extends BaseSiteMail {
  constructor(
    private owner: User,
    private petition: Petition
  ) {
    super(owner.locale)
  }

  prepare() {
    const petition = this.petition
    const title = mailText(petition.title, MAIL_TITLE_LENGTH)
    // The last day it was open, in UTC like the closing date the owner picked.
    const closedAt = petition.closesAt ?? petition.finishedAt!
    const date = this.i18n.formatDate(new Date(`${lastOpenDay(closedAt.toJSDate())}T00:00:00Z`), {
      dateStyle: 'long',
      timeZone: 'UTC',
    })
    const count = petition.supportCount + petition.opposeCount
    const paragraphs = [this.t('mail.petition_closed.body', { title, date, count })]
    if (petition.allowOpposite) {
      paragraphs.push(
        this.t('mail.petition_closed.sides', {
          support: petition.supportCount,
          oppose: petition.opposeCount,
        })
      )
    }
    paragraphs.push(this.t('mail.petition_closed.export'))
    this.message.to(this.owner.email)
    this.compose(this.t('mail.petition_closed.subject', { title }), {
      heading: this.t('mail.petition_closed.heading', {
        firstName: mailText(this.owner.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs,
      action: {
        label: this.t('mail.petition_closed.action'),
        url: this.onSite(urlFor('petitions.show', { slug: petition.slug })),
      },
      links: [
        {
          label: this.t('mail.petition_closed.signatures'),
          url: this.onSite(urlFor('petitions.signatures.index', { guid: petition.guid })),
        },
      ],
      footnote: this.t('mail.petition_closed.footnote'),
      reason: {
        text: this.t('mail.petition_closed.why', { title }),
        link: {
          label: this.t('mail.petition_closed.my_petitions'),
          url: this.onSite(urlFor('my.petitions')),
        },
      },
    })
  }
}
