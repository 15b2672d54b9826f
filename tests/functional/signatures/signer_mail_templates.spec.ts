import { test } from '@japa/runner'
import { simpleParser } from 'mailparser'
import { DateTime } from 'luxon'
import { LOCALES } from '#app/i18n/locales'
import { signerMail, signerMessage, type DueMail } from '#runtime/signatures/signer_mail_messages'

/** A name and links with every character the HTML views escape. */
const NAME = `<b>"O'Brien" & \`Ørsted\`</b>`
const LINKS = {
  confirm: 'https://example.org/signature/7/confirm?signature=a.b&x="y"',
  withdraw: "https://example.org/signature/7/withdraw?signature=c.d&z='w'",
}

function dueMail(kind: string, locale: string, overrides: Partial<DueMail> = {}): DueMail {
  const confirmed = kind !== 'link'
  return {
    id: 7,
    email: 'olena@example.org',
    first_name: NAME,
    last_name: 'Koval',
    locale,
    confirmation_token: 'token-7',
    confirmed_at: confirmed ? new Date() : null,
    signed_again_at: kind === 'again' ? new Date() : null,
    created_at: DateTime.utc(2026, 3, 14).toJSDate(),
    title: 'Save the park “Podil” & <the river>',
    slug: 'save-the-park',
    support_count: 12345,
    target_signatures: 100000,
    removed_at: kind === 'removed' ? DateTime.utc(2026, 4, 1).toJSDate() : null,
    removed_reason: kind === 'removed' ? 'Signed by a script <automated>' : null,
    ...overrides,
  }
}

/** The mail as it is rendered on its own: its class, its views. */
async function renderedAlone(link: DueMail) {
  const mail = signerMail(link, LINKS)
  await mail.buildWithContents()
  const { message } = mail.message.toObject()
  return { subject: message.subject, html: message.html, text: message.text }
}

const unix = (text: unknown) => String(text).replace(/\r\n/g, '\n')

/**
 * A surge mails thousands of signers of one petition: each mail is its
 * petition's template with the signer's name and links written in, and the
 * message is composed once as it goes over the wire. It must read exactly as
 * the mail rendered on its own, in every language and kind.
 */
test.group('Signer mails from a template', () => {
  for (const kind of ['link', 'confirmed', 'removed', 'again']) {
    test(`a {$self} mail reads as the mail rendered on its own, in every language`)
      .with([kind])
      .run(async ({ assert }) => {
        for (const locale of LOCALES) {
          const link = dueMail(kind, locale)
          const alone = await renderedAlone(link)
          const message = (await signerMessage(link, LINKS))!
          assert.exists(message, `${kind} in ${locale} has a template`)
          assert.equal(message.subject, alone.subject, `subject of ${kind} in ${locale}`)
          assert.equal(message.html, alone.html, `HTML of ${kind} in ${locale}`)
          assert.equal(message.text, alone.text, `text of ${kind} in ${locale}`)
          assert.include(String(message.html), '&lt;b&gt;&quot;O&#x27;Brien&quot; &amp;')

          // What a mail server receives: the same subject, versions and addresses, in 8bit.
          const raw = (message as { raw: string }).raw
          assert.lengthOf(raw.match(/Content-Transfer-Encoding: 8bit/g) ?? [], 2)
          const parsed = await simpleParser(raw)
          assert.equal(parsed.subject, alone.subject)
          assert.equal(unix(parsed.html), unix(alone.html))
          assert.equal(unix(parsed.text), unix(alone.text))
          assert.equal(parsed.to && 'text' in parsed.to ? parsed.to.text : '', 'olena@example.org')
          assert.equal(parsed.from?.value[0].address, 'no-reply@undersign.org')
          assert.match(String(parsed.messageId), /^<[0-9a-f-]+@undersign\.org>$/)
        }
      })
  }

  test('each signer gets their own name and links, and an empty name is greeted as alone', async ({
    assert,
  }) => {
    const first = await signerMessage(dueMail('link', 'uk'), LINKS)
    const other = { confirm: 'https://example.org/c2', withdraw: 'https://example.org/w2' }
    const second = await signerMessage(dueMail('link', 'uk', { first_name: 'Taras' }), other)
    assert.include(String(second!.text), 'Taras')
    assert.include(String(second!.text), 'https://example.org/c2')
    assert.notInclude(String(second!.text), 'Brien')
    assert.notInclude(String(second!.html), LINKS.confirm.replace(/&/g, '&amp;'))
    assert.include(String(first!.text), NAME)

    const nameless = dueMail('link', 'en', { first_name: '\u202E\r\n' })
    const alone = await renderedAlone(nameless)
    const message = await signerMessage(nameless, LINKS)
    assert.equal(message!.text, alone.text)
    assert.equal(message!.html, alone.html)
  })

  test('text SMTP cannot carry as it is (lines over 998 bytes) goes in base64, and reads the same', async ({
    assert,
  }) => {
    const link = dueMail('removed', 'ru', { removed_reason: 'Причина '.repeat(120) })
    const alone = await renderedAlone(link)
    const message = (await signerMessage(link, LINKS)) as { raw: string }
    assert.include(message.raw, 'Content-Transfer-Encoding: base64')
    for (const line of message.raw.split('\r\n')) assert.isAtMost(Buffer.byteLength(line), 998)
    const parsed = await simpleParser(message.raw)
    assert.equal(unix(parsed.html), unix(alone.html))
    assert.equal(unix(parsed.text), unix(alone.text))
  })

  test('an address that needs encoding in a header is rendered on its own', async ({ assert }) => {
    assert.isNull(await signerMessage(dueMail('link', 'en', { email: 'олена@пример.рф' }), LINKS))
  })
})
