import { test } from '@japa/runner'
import { LIMITS } from '#shared/petitions/constants'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { outbox } from '#tests/helpers/outbox'
import { makeMember } from '#tests/helpers/auth'
import { sign } from '#tests/helpers/signatures'
import { mailText } from '#mails/mail_text'
import type { OutboxMail } from '#support/outbox_transport'
import { PetitionFactory } from '#database/factories/petition_factory'

const INJECTED_NAME = 'Eve\r\nBcc: x@evil.org'

/** The headers of a mail by name (folded lines joined), lower-cased names. */
function headersOf(mail: OutboxMail) {
  const unfolded = mail.headers.replace(/\r?\n[ \t]+/g, ' ')
  const headers = new Map<string, string[]>()
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()])
  }
  return headers
}

/** A header's addresses carry no display name: only `address` or `<address>`. */
function assertBareAddress(assert: any, value: string | undefined, address: string) {
  assert.match(value ?? '', new RegExp(`^<?${address.replace(/[.+]/g, '\\$&')}>?$`))
}

test.group('Mail content: user-chosen names and titles', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a member named with a line break and a header gets a reset mail without either in its headers', async ({
    client,
    assert,
  }) => {
    await makeMember({
      email: 'eve@example.com',
      firstName: INJECTED_NAME,
      lastName: 'Mallory\u2028\u202Eevil',
    })
    await client
      .post('/auth/password/email')
      .form({ email: 'eve@example.com' })
      .withCsrfToken()
      .redirects(0)

    const [mail] = await outbox.to('eve@example.com')
    assert.exists(mail, 'the reset mail was sent')
    const headers = headersOf(mail)
    assert.isFalse(headers.has('bcc'), 'no Bcc header')
    assert.notMatch(mail.headers, /evil\.org|Eve|Mallory/)
    assertBareAddress(assert, headers.get('to')?.[0], 'eve@example.com')
    assert.include(headers.get('from')?.[0], 'Undersign')
    assert.notMatch(mail.subject, /[\r\n]/)
    // The greeting keeps the name, on one line, without its control characters.
    assert.include(mail.text, 'Hello Eve Bcc: x@evil.org,')
    assert.notInclude(mail.text ?? '', 'Eve\r\n')
  })

  test('a petition title with line breaks reaches the subject of the signing mail on one line', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    // As long as the title column allows (longer texts are capped: see mailText's test).
    const prefix = 'Save the park\r\nBcc: x@evil.org\u2029'
    const title = `${prefix}${'a'.repeat(LIMITS.title - prefix.length)}`
    petition.title = title
    await petition.save()

    const signed = await sign(client, petition, {
      email: 'signer@example.org',
      firstName: INJECTED_NAME,
      lastName: '\u202Egro.live@x',
    })
    signed.assertStatus(302)

    const [mail] = await outbox.to('signer@example.org')
    assert.exists(mail, 'the confirmation mail was sent')
    const headers = headersOf(mail)
    assert.isFalse(headers.has('bcc'))
    assertBareAddress(assert, headers.get('to')?.[0], 'signer@example.org')
    assert.notMatch(mail.headers, /Eve|gro\.live/)
    assert.notMatch(mail.subject, /[\r\n\u2028\u2029]/)
    assert.equal(
      mail.subject,
      `Confirm your signature: Save the park Bcc: x@evil.org ${'a'.repeat(LIMITS.title - prefix.length)}`
    )
  })

  test("a contact message's sender name is not the Reply-To display name, and its subject is one line", async ({
    client,
    assert,
  }) => {
    await client
      .post('/contacts')
      .form({
        name: INJECTED_NAME,
        email: 'eve@example.com',
        subject: 'Hello\r\nBcc: x@evil.org\u202E and more',
        message: 'A message that is long enough to be sent.',
      })
      .withCsrfToken()
      .redirects(0)
    const [mail] = await outbox.to('team@undersign.test')
    assert.exists(mail)
    const headers = headersOf(mail)
    assert.isFalse(headers.has('bcc'))
    assertBareAddress(assert, headers.get('reply-to')?.[0], 'eve@example.com')
    // The sender's name appears nowhere in the headers; their subject only in Subject, on one line.
    assert.notMatch(mail.headers, /Eve/)
    assert.lengthOf(headers.get('subject') ?? [], 1)
    assert.equal(mail.subject, 'Contact form: Hello Bcc: x@evil.org and more')
  })

  test('mailText strips control, separator and bidi characters and caps with an ellipsis', ({
    assert,
  }) => {
    assert.equal(
      mailText(' Eve\r\n\tBcc:\u0000 x\u2028y\u202E\u2066z\u0085 ', 100),
      'Eve Bcc: x y z'
    )
    assert.equal(mailText('abcdef', 4), 'abc…')
    assert.equal(mailText('😀😀😀😀😀', 3), '😀😀…')
    assert.equal(mailText(null, 10), '')
  })
})
