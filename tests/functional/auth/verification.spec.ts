import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { flashed, makeMember } from '#tests/helpers/auth'
import { sendVerificationMail } from '#services/accounts/registration'

function pathOf(link: string) {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

test.group('E-mail verification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the mailed link verifies the member (role 1)', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'new@example.com' })
    await sendVerificationMail(member, 'en')
    const [mail] = await outbox.to('new@example.com')
    const response = await client.get(pathOf(linkIn(mail.html, '/auth/email/verify/'))).redirects(0)
    response.assertFlashMessage('alerts', {
      success: 'Thank you! Your e-mail address is verified.',
    })
    await member.refresh()
    assert.equal(member.role, 1)
  })

  test('a tampered link verifies nothing and says why', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'new@example.com' })
    await sendVerificationMail(member, 'en')
    const link = pathOf(linkIn((await outbox.to('new@example.com'))[0].html, '/auth/email/verify/'))
    const response = await client
      .get(link.replace(/signature=([^&]+)/, 'signature=$1x'))
      .redirects(0)
    response.assertFlashMessage('alerts', {
      error:
        'This verification link is invalid or has expired. You can ask for a new one on My petitions.',
    })
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('an expired link verifies nothing', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'late@example.com' })
    const link = signedUrlFor(
      'auth.verify',
      { id: member.id },
      { expiresIn: '1s', purpose: `verify-email:${member.email}` }
    )
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const response = await client.get(link).redirects(0)
    assert.exists(flashed(response, 'alerts', 'error'))
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('a link made for another address verifies nothing', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'current@example.com' })
    const link = signedUrlFor(
      'auth.verify',
      { id: member.id },
      { expiresIn: '24h', purpose: 'verify-email:old@example.com' }
    )
    await client.get(link).redirects(0)
    await member.refresh()
    assert.equal(member.role, 0)
  })

  test('"Verify now" sends the link again, and is rate-limited', async ({ client, assert }) => {
    const member = await makeMember({ role: 0, email: 'again@example.com' })
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await client
        .post('/auth/email/resend')
        .loginAs(member)
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
    }
    assert.lengthOf(await outbox.to('again@example.com'), 3)
    const limited = await client
      .post('/auth/email/resend')
      .header('x-inertia', 'true')
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    limited.assertStatus(429)
  })

  test('guests cannot ask for a verification mail', async ({ client }) => {
    const response = await client.post('/auth/email/resend').withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
  })
})
