import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import i18nManager from '@adonisjs/i18n/services/main'
import PetitionResponse from '#models/petition_response'
import RecipientDelivery from '#models/recipient_delivery'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { letterTo } from '#tests/helpers/decision_makers'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { PetitionFactory } from '#database/factories/petition_factory'

const de = i18nManager.locale('de')

test.group('Browser: who has answered', (group) => {
  browserJourneys(group)

  test('a German visitor sees who has answered and who is awaited, and lists the petitions awaiting an answer by keyboard', async ({
    assert,
  }) => {
    const now = DateTime.utc()
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Der Stadtpark bleibt',
        description: '<p>Der Park gehört allen.</p>',
        lang: 'de',
        awaitingAnswerSince: now.minus({ days: 12 }),
      })
      .with('user')
      .create()
    await PetitionFactory.apply('published')
      .merge({ title: 'Ein Radweg für alle', lang: 'de' })
      .with('user')
      .create()
    const {
      recipients: [council, mayor],
    } = await letterTo(
      petition.id,
      'Sehr geehrte Damen und Herren,\nbitte erhalten Sie den Park.',
      [
        { name: 'Stadtrat Köln', payload: 'Umweltausschuss', email: 'rat@private.example' },
        { name: 'Anna Berg', payload: 'Oberbürgermeisterin', email: 'berg@private.example' },
      ]
    )
    const answeredAt = now.minus({ days: 5 })
    await RecipientDelivery.createMany([
      {
        petitionId: petition.id,
        letterRecipientId: council.id,
        milestone: 1000,
        deliveredAt: now.minus({ days: 12, hours: 1 }),
        sentAt: now.minus({ days: 12, hours: 1 }),
        answeredAt,
      },
      {
        petitionId: petition.id,
        letterRecipientId: mayor.id,
        milestone: 1000,
        deliveredAt: now.minus({ days: 12, hours: 1 }),
        sentAt: now.minus({ days: 12, hours: 1 }),
        answeredAt: null,
      },
    ])
    const response = await PetitionResponse.create({
      petitionId: petition.id,
      responder: 'Stadtrat Köln',
      responderRole: 'Umweltausschuss',
      letterRecipientId: council.id,
      fromRecipient: true,
      respondedOn: answeredAt,
      body: '<p>Der Park bleibt erhalten.</p>',
      addedByUserId: null,
    })

    await inBrowser('who has answered', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'de'))
      const section = page.getByRole('region', { name: de.t('page.decision_makers.title') })
      await section.waitFor()
      const [answered, awaiting] = await section.getByTestId('decision-maker').all()
      assert.equal(await answered.getAttribute('data-status'), 'answered')
      assert.include(await answered.textContent(), 'Stadtrat Köln')
      assert.include(await answered.textContent(), 'Umweltausschuss')
      const day = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
        answeredAt.toJSDate()
      )
      const link = answered.getByRole('link', {
        name: de.t('page.decision_makers.answered_on', { date: day }),
      })
      assert.equal(await link.getAttribute('href'), `#response-${response.id}`)
      assert.equal(await awaiting.getAttribute('data-status'), 'awaiting')
      assert.include(
        await awaiting.textContent(),
        de.t('page.decision_makers.awaiting', { days: 12, milestone: 1000 })
      )
      assert.include(await awaiting.textContent(), '1.000')
      // No address anywhere on the page.
      assert.notInclude(await page.content(), '@private.example')

      // The response itself says it came from the recipient's own address, with the role.
      const answer = page.locator(`#response-${response.id}`)
      await answer.getByText(de.t('page.response.from_recipient')).waitFor()
      assert.include(await answer.getByRole('heading').textContent(), 'Umweltausschuss')

      // The link is followed by keyboard.
      await link.focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(new RegExp(`#response-${response.id}$`))
      assert.isTrue(await answer.isVisible())

      assert.deepEqual(describeViolations('who has answered', await seriousViolations(page)), [])

      // The list: the status select is reached by Tab and set by typing.
      await visit(page, siteUrl('/petitions', 'de'))
      const count = page.getByTestId('result-count')
      await count.filter({ hasText: '2' }).waitFor()
      // A string, run in the page: the tests compile without the DOM types.
      const focused = () => page.evaluate<string | undefined>('document.activeElement?.id')
      for (let presses = 0; presses < 60; presses++) {
        if ((await focused()) === 'petition-status') break
        await page.keyboard.press('Tab')
      }
      assert.equal(await focused(), 'petition-status', 'Tab reaches the status filter')
      await page.keyboard.type(de.t('page.list.status.awaiting').slice(0, 3))
      await page.waitForURL(/status=awaiting/)
      await count.filter({ hasText: de.t('page.list.count', { count: 1 }) }).waitFor()
      const cards = page.getByTestId('petition-card')
      assert.equal(await cards.count(), 1)
      assert.include(await cards.first().textContent(), 'Der Stadtpark bleibt')
      assert.equal(await page.locator('#petition-status').inputValue(), 'awaiting')
      assert.deepEqual(describeViolations('awaiting list', await seriousViolations(page)), [])
    })
  })
})
