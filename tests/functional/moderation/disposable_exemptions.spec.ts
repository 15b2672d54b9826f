import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import DisposableDomainExemption from '#models/disposable_domain_exemption'
import ModerationEvent from '#models/moderation_event'
import type User from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { fieldErrors } from '#tests/helpers/validation'
import { outbox } from '#tests/helpers/outbox'
import { queriesDuring } from '#tests/helpers/database'
import { confirmationPath, flushedCountsOf, sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { forgetSigningRules } from '#runtime/caches/process_caches'

const en = i18nManager.locale('en')

/** The translated refusal of an address at `domain`, in `locale`. */
const refusal = (domain: string, locale = 'en') =>
  i18nManager.locale(locale).t('validator.shared.messages.disposableEmail', { domain })

/** The exemption form of the rules page, as a browser sends it. */
function exempt(client: ApiClient, moderator: User, form: Record<string, string>) {
  return client
    .post('/moderation/rules/exemptions')
    .header('referer', '/moderation/rules')
    .form(form)
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}

test.group('Disposable addresses: refused at once, exempted by moderators', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    forgetSigningRules()
    await limiter.clear()
    await outbox.clear()
    return () => forgetSigningRules()
  })

  test('a signer at a kept-list domain is told under the e-mail, and nothing is stored or mailed', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const response = await sign(client, petition, { email: 'bot@eu.mailinator.com' }).header(
      'referer',
      `/petition/${petition.slug}`
    )
    response.assertStatus(302)
    assert.deepEqual(fieldErrors(response), { email: [refusal('eu.mailinator.com')] })

    // In Italian, as JSON: 422 with the error under the field.
    const json = await sign(client, petition, { email: 'bot@mailinator.com' })
      .header('host', 'it.undersign.test')
      .header('accept', 'application/json')
    json.assertStatus(422)
    const errors = json.body().errors as Array<{ field: string; message: string }>
    assert.deepEqual(
      errors.map(({ field, message }) => [field, message]),
      [['email', refusal('mailinator.com', 'it')]]
    )
    assert.notEqual(errors[0].message, refusal('mailinator.com'))

    // A member signs with their account's address, whatever the form sends.
    const member = await makeMember({ email: 'ivan@mailinator.com' })
    const asMember = await sign(client, petition, { email: 'ivan@example.org' }, member)
    assert.deepEqual(fieldErrors(asMember), { email: [refusal('mailinator.com')] })

    assert.lengthOf(await signatureRows(petition), 0)
    assert.lengthOf(await outbox.to('bot@eu.mailinator.com'), 0)
    assert.lengthOf(await outbox.to('ivan@mailinator.com'), 0)
  })

  test('a domain exempted over HTTP signs and counts from the next signature; lifted, it is refused again', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeModerator()
    // This process's rules are loaded before the change.
    await sign(client, petition, { email: 'first@example.org' })
    const response = await exempt(client, moderator, {
      domain: '@Mailinator.COM',
      reason: 'A school gives its pupils addresses there',
    })
    response.assertStatus(302)
    assert.deepEqual(fieldErrors(response), {})
    const [event] = await ModerationEvent.query().where('action', 'disposable_domain_exempted')
    assert.equal(event.subject, 'mailinator.com')
    assert.equal(event.reason, 'A school gives its pupils addresses there')
    assert.equal(event.actorId, moderator.id)

    const signed = await sign(client, petition, { email: 'pupil@eu.mailinator.com' })
    assert.deepEqual(fieldErrors(signed), {})
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => [row.email, row.blocked_rule, Boolean(row.active)]),
      [
        ['first@example.org', null, true],
        ['pupil@eu.mailinator.com', null, true],
      ]
    )
    for (const row of rows) await client.post(confirmationPath(row)).withCsrfToken()
    assert.deepEqual(await flushedCountsOf(petition), { support: 2, oppose: 0 })

    // The rules page shows it, and the check says it is exempted.
    const page = await client
      .get('/moderation/rules?check=eu.mailinator.com')
      .withInertia()
      .loginAs(moderator)
    page.assertInertiaComponent('Moderation/Rules')
    assert.deepEqual(
      page.inertiaProps.exemptions.map((row: Record<string, unknown>) => [
        row.domain,
        row.reason,
        row.createdBy,
      ]),
      [['mailinator.com', 'A school gives its pupils addresses there', moderator.fullName]]
    )
    assert.deepEqual(page.inertiaProps.check, {
      domain: 'eu.mailinator.com',
      listed: true,
      exempted: true,
    })

    const exemption = await DisposableDomainExemption.findByOrFail('domain', 'mailinator.com')
    const lifted = await client
      .delete(`/moderation/rules/exemptions/${exemption.id}`)
      .form({ reason: 'The school moved' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    lifted.assertStatus(302)
    const [liftEvent] = await ModerationEvent.query().where('action', 'disposable_exemption_lifted')
    assert.equal(liftEvent.subject, 'mailinator.com')
    assert.equal(liftEvent.reason, 'The school moved')
    const again = await sign(client, petition, { email: 'next@mailinator.com' })
    assert.deepEqual(fieldErrors(again), { email: [refusal('mailinator.com')] })
    assert.lengthOf(await signatureRows(petition), 2)
  })

  test('the exemption form refuses, under its fields, a domain off the list, one exempted already, no reason', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    await DisposableDomainExemption.create({
      domain: 'mailinator.com',
      reason: 'school',
      createdBy: null,
    })
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [
        { domain: 'example.org', reason: 'Not disposable' },
        {
          domain: [
            en.t('validator.shared.messages.domain.notOnKeptList', { domain: 'example.org' }),
          ],
        },
      ],
      [
        { domain: 'MAILINATOR.com', reason: 'Again' },
        { domain: [en.t('validator.shared.messages.domain.exempted')] },
      ],
      // Its parent is exempted: nothing more to exempt.
      [
        { domain: 'eu.mailinator.com', reason: 'Again' },
        { domain: [en.t('validator.shared.messages.domain.exempted')] },
      ],
      [
        { domain: 'not a domain', reason: '' },
        {
          domain: [en.t('validator.shared.messages.domainName')],
          reason: [en.t('validator.shared.messages.reason.required')],
        },
      ],
    ]
    for (const [form, errors] of cases) {
      const response = await exempt(client, moderator, form)
      response.assertStatus(302)
      assert.deepEqual(fieldErrors(response), errors, JSON.stringify(form))
    }
    assert.lengthOf(await DisposableDomainExemption.all(), 1)
    assert.lengthOf(await ModerationEvent.query().where('action', 'disposable_domain_exempted'), 0)
  })

  test('nobody but a moderator exempts a domain or lifts an exemption', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const exemption = await DisposableDomainExemption.create({
      domain: 'mailinator.com',
      reason: 'school',
      createdBy: null,
    })
    for (const who of [member, null]) {
      const store = client
        .post('/moderation/rules/exemptions')
        .form({ domain: 'yopmail.com', reason: 'Because' })
        .withCsrfToken()
        .redirects(0)
      const lift = client
        .delete(`/moderation/rules/exemptions/${exemption.id}`)
        .withCsrfToken()
        .redirects(0)
      ;(await (who ? store.loginAs(who) : store)).assertStatus(403)
      ;(await (who ? lift.loginAs(who) : lift)).assertStatus(403)
    }
    const moderator = await makeModerator()
    await client
      .delete('/moderation/rules/exemptions/999999')
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
      .then((answer) => answer.assertStatus(404))
    assert.deepEqual(
      (await DisposableDomainExemption.all()).map((row) => row.domain),
      ['mailinator.com']
    )
  })

  test('signing reads no rule from the database once the process has its snapshot', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await DisposableDomainExemption.create({
      domain: 'mailinator.com',
      reason: 'school',
      createdBy: null,
    })
    await sign(client, petition, { email: 'warm@example.org' })
    const queries = await queriesDuring(async () => {
      await sign(client, petition, { email: 'pupil@mailinator.com' })
      await sign(client, petition, { email: 'bot@yopmail.com' })
    })
    assert.isAbove(queries.length, 0)
    assert.deepEqual(
      queries.filter((sql) =>
        /disposable_domain_exemptions|blocked_email_domains|blocked_networks/.test(sql)
      ),
      []
    )
    assert.deepEqual(
      (await signatureRows(petition)).map((row) => row.email),
      ['warm@example.org', 'pupil@mailinator.com']
    )
  })
})
