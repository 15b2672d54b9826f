import { randomBytes } from 'node:crypto'
import { Message } from '@adonisjs/mail'
import type BaseSiteMail from '#mails/base_site_mail'
import { HEADING_LENGTH } from '#mails/base_site_mail'
import { mailText } from '#mails/mail_text'

/** What the views' `{{ }}` make of a text (edge escapes with `he`): these six characters. */
const ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
  '`': '&#x60;',
}
const escapeHtml = (text: string) => text.replace(/["&'<>`]/g, (character) => ESCAPES[character])

/** Unguessable, so that no title or translation holds a slot by chance. */
const MARK = randomBytes(8).toString('hex')
const SLOTS = new RegExp(`x${MARK}([a-z]+)x`, 'g')

/**
 * A stand-in for what differs between recipients (a name, a signed link),
 * given to a mail in place of the value: letters and digits only, so that
 * neither the translations, nor `mailText`, nor the views' escaping alter it.
 */
export function slot(name: string) {
  if (!/^[a-z]+$/.test(name)) throw new Error(`a slot is named in lower-case letters: ${name}`)
  return `x${MARK}${name}x`
}
const HEADING = slot('heading')

/** The text between the slots (even places) and the slots' names (odd places). */
const piecesOf = (text: string) => text.split(SLOTS)

function joined(pieces: string[], values: Record<string, string>, escape: boolean) {
  let text = pieces[0]
  for (let index = 1; index < pieces.length; index += 2) {
    const value = values[pieces[index]] ?? ''
    text += (escape ? escapeHtml(value) : value) + pieces[index + 1]
  }
  return text
}

/**
 * A mail rendered once for many recipients: translated, formatted and put
 * through its views with slots in place of what differs between them, which
 * `fill` writes in for each one (escaped in the HTML as the views escape
 * it). The heading is rebuilt from its pattern for each recipient and cut as
 * the mail cuts it, so that each mail reads exactly as if it had been
 * rendered on its own; only its subject must be the same for all.
 */
export class MailTemplate {
  private constructor(
    readonly subject: string,
    private heading: string[],
    private html: string[],
    private text: string[]
  ) {}

  /**
   * The template of a mail built with slots; null when the mail carries more
   * than a subject, a recipient and its views (headers, attachments…), or a
   * slot in its subject: such a mail is sent as it is.
   */
  static async of(mail: BaseSiteMail) {
    await mail.build()
    const { message, views } = mail.message.toObject()
    const others = Object.keys(message).filter((key) => key !== 'to' && key !== 'subject')
    const subject = String(message.subject ?? '')
    if (others.length || !views.html || !views.text || subject.includes(MARK)) return null
    const content = views.html.data?.content
    if (typeof content?.heading !== 'string') return null
    const heading = piecesOf(content.heading)
    for (const view of [views.html, views.text]) {
      view.data = { ...view.data, content: { ...view.data.content, heading: HEADING } }
    }
    await Message.computeContentsFor({ message, views, sharedState: {} })
    const html = String(message.html ?? '')
    const text = String(message.text ?? '')
    return new MailTemplate(subject, heading, piecesOf(html), piecesOf(text))
  }

  /** The subject, HTML and text of one recipient's mail, given the values of its slots. */
  fill(values: Record<string, string>) {
    const heading = mailText(joined(this.heading, values, false), HEADING_LENGTH)
    const all = { ...values, heading }
    return {
      subject: this.subject,
      html: joined(this.html, all, true),
      text: joined(this.text, all, false),
    }
  }
}
