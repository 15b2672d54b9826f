import type { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type Petition from '#models/petition'
import type User from '#models/user'

/**
 * Tells the owner of a finished petition that its signers' personal data
 * will be erased on a date, with the link to the signatures page where they
 * can export it first. The counts stay.
 */
export default class SignatureRetentionNoticeMail extends BaseSiteMail {
  constructor(
    private owner: User,
    private petition: Petition,
    private erasureDate: DateTime
  ) {
    super(owner.locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    // The server keeps its dates in UTC: the day named is the day of the erasure there.
    const date = this.i18n.formatDate(this.erasureDate, { dateStyle: 'long', timeZone: 'UTC' })
    const signaturesPage = this.onSite(
      urlFor('petitions.signatures.index', { guid: this.petition.guid })
    )
    this.message.to(this.owner.email)
    this.compose(this.t('mail.retention.subject', { title }), {
      heading: this.t('mail.retention.heading', {
        firstName: mailText(this.owner.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.retention.body', { title, date }),
        this.t('mail.retention.counts'),
        this.t('mail.retention.export'),
      ],
      action: { label: this.t('mail.retention.action'), url: signaturesPage },
      footnote: this.t('mail.retention.footnote'),
      reason: {
        text: this.t('mail.retention.why', { title }),
        link: {
          label: this.t('mail.retention.my_petitions'),
          url: this.onSite(urlFor('my.petitions')),
        },
      },
    })
  }
}
