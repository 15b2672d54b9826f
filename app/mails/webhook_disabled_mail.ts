import { urlFor } from '@adonisjs/core/services/url_builder'
import BaseSiteMail from '#mails/base_site_mail'
import { mailText, MAIL_NAME_LENGTH, MAIL_TITLE_LENGTH } from '#mails/mail_text'
import type Petition from '#models/petition'
import type User from '#models/user'
import type WebhookEndpoint from '#models/webhook_endpoint'

/** Longest endpoint address a mail shows. */
const URL_LENGTH = 200

/**
 * Tells a petition's owner that one of its webhook endpoints failed every
 * try for a day and was disabled: nothing more is sent to it until they
 * enable it again from the petition's edit page.
 */
export default class WebhookDisabledMail extends BaseSiteMail {
  constructor(
    private owner: User,
    private petition: Petition,
    private endpoint: WebhookEndpoint
  ) {
    super(owner.locale)
  }

  prepare() {
    const title = mailText(this.petition.title, MAIL_TITLE_LENGTH)
    const url = mailText(this.endpoint.url, URL_LENGTH)
    this.message.to(this.owner.email)
    this.compose(this.t('mail.webhook_disabled.subject', { title }), {
      heading: this.t('mail.webhook_disabled.heading', {
        firstName: mailText(this.owner.firstName, MAIL_NAME_LENGTH),
      }),
      paragraphs: [
        this.t('mail.webhook_disabled.body', { title, url }),
        this.t('mail.webhook_disabled.next'),
      ],
      action: {
        label: this.t('mail.webhook_disabled.action'),
        url: this.onSite(urlFor('petitions.edit', { guid: this.petition.guid })),
      },
      reason: {
        text: this.t('mail.webhook_disabled.why', { title }),
        link: {
          label: this.t('mail.webhook_disabled.my_petitions'),
          url: this.onSite(urlFor('my.petitions')),
        },
      },
    })
  }
}
