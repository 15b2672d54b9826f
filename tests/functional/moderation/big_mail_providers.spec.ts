import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import BlockedEmailDomain from '#models/blocked_email_domain'
import ModerationEvent from '#models/moderation_event'
import { makeModerator } from '#tests/helpers/moderation'
import { fieldErrors } from '#tests/helpers/validation'
import { sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { forgetSigningRules } from '#runtime/caches/process_caches'

/** The rules page's form, as a browser sends it (`host`: the page's language). */
function blockDomain(client: ApiClient, moderator: User, domain: string, host = 'undersign.test') {
  return client
    .post('/moderation/rules/domains')
    .header('host', host)
    .header('referer', '/moderation/rules')
    .form({ domain, reason: 'A wave of fake signatures' })
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}

test.group('Signing rules: the big mail providers cannot be blocked', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    forgetSigningRules()
    await limiter.clear()
    return () => forgetSigningRules()
  })

  test('one moderator cannot stop gmail.com, nor a parent that covers a big provider', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    const en = i18nManager.locale('en')
    const cases: Array<[string, string]> = [
      ['gmail.com', 'gmail.com'],
      ['@GMail.com', 'gmail.com'],
      ['*.yahoo.co.uk', 'yahoo.co.uk'],
      // A parent of two labels that would cover hotmail.co.uk and yahoo.co.uk.
      ['co.uk', 'hotmail.co.uk'],
      ['com.br', 'uol.com.br'],
    ]
    for (const [typed, provider] of cases) {
      const response = await blockDomain(client, moderator, typed)
      response.assertStatus(302)
      assert.deepEqual(
        fieldErrors(response).domain,
        [en.t('validator.shared.messages.domain.bigMailProvider', { provider })],
        typed
      )
    }
    assert.include(
      fieldErrors(await blockDomain(client, moderator, 'gmail.com')).domain[0],
      'gmail.com'
    )
    assert.lengthOf(await BlockedEmailDomain.all(), 0)
    assert.lengthOf(await ModerationEvent.query().where('action', 'email_domain_blocked'), 0)

    // Signers at gmail.com still count.
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@gmail.com' })
    const [row] = await signatureRows(petition)
    assert.isNull(row.blocked_rule)
  })

  test('a JSON request gets 422 with the error under domain, in the page’s language', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    const de = i18nManager.locale('de')
    const response = await blockDomain(client, moderator, 'gmx.de', 'de.undersign.test').header(
      'accept',
      'application/json'
    )
    response.assertStatus(422)
    const errors = response.body().errors as Array<{ field: string; message: string }>
    assert.deepEqual(
      errors.map(({ field }) => field),
      ['domain']
    )
    assert.equal(
      errors[0].message,
      de.t('validator.shared.messages.domain.bigMailProvider', { provider: 'gmx.de' })
    )
    assert.include(errors[0].message, 'gmx.de')
    assert.notEqual(
      errors[0].message,
      i18nManager
        .locale('en')
        .t('validator.shared.messages.domain.bigMailProvider', { provider: 'gmx.de' })
    )
    assert.lengthOf(await BlockedEmailDomain.all(), 0)
  })

  test('a sub-domain of a provider, and a domain that only ends like one, can be blocked', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    for (const domain of ['spam.gmail.com', 'notgmail.com', 'mail-wave.co.uk']) {
      const response = await blockDomain(client, moderator, domain)
      response.assertStatus(302)
      assert.deepEqual(fieldErrors(response), {}, domain)
    }
    assert.sameMembers(
      (await BlockedEmailDomain.all()).map((blocked) => blocked.domain),
      ['spam.gmail.com', 'notgmail.com', 'mail-wave.co.uk']
    )
  })

  test('a block of a big provider stored before the rule stops no signature, and the page says so', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    await BlockedEmailDomain.create({ domain: 'gmail.com', reason: 'old', createdBy: null })
    await BlockedEmailDomain.create({ domain: 'spam-wave.test', reason: 'new', createdBy: null })
    forgetSigningRules()
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@gmail.com' })
    await sign(client, petition, { email: 'bot@spam-wave.test' })
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => row.blocked_rule),
      [null, 'blocked_domain']
    )
    const page = await client.get('/moderation/rules').withInertia().loginAs(moderator)
    assert.deepEqual(
      page.inertiaProps.domains.map((domain: { domain: string; applied: boolean }) => [
        domain.domain,
        domain.applied,
      ]),
      [
        ['gmail.com', false],
        ['spam-wave.test', true],
      ]
    )
  })
})
