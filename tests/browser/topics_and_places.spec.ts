import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import Petition from '#models/petition'
import { UserFactory } from '#database/factories/user_factory'
import { PetitionFactory } from '#database/factories/petition_factory'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { focusedId, tabTo } from '#tests/helpers/keyboard'

const de = i18nManager.locale('de')
const EMAIL = 'autorin@example.com'
const PASSWORD = 'linden-allee-2718'

async function noSeriousViolations(page: Page, where: string, assert: any) {
  assert.deepEqual(describeViolations(where, await seriousViolations(page)), [])
}

test.group('Browser: topics and places', (group) => {
  browserJourneys(group)

  test('in German, a member names two topics and a place; a visitor finds the petition through the topic page and the country filter by keyboard', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD, firstName: 'Greta' }).create()
    // Others of the same topic elsewhere, and of another topic in the same country.
    await PetitionFactory.merge({
      title: 'Saubere Flüsse in Tirol',
      lang: 'de',
      published: true,
      topics: ['environment'],
      country: 'AT',
    })
      .with('user')
      .create()
    await PetitionFactory.merge({
      title: 'Mehr Ärztinnen in Köln',
      lang: 'de',
      published: true,
      topics: ['health'],
      country: 'DE',
    })
      .with('user')
      .create()
    const environment = de.t('page.topics.environment')
    const transport = de.t('page.topics.transport')

    await inBrowser('topics and places in German', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'de')
      await visit(page, siteUrl('/petition/create', 'de'))
      const form = page.getByTestId('petition-form')
      await form.locator('[name="title"]').fill('Nachtzug von Berlin nach Wien')
      await form.locator('[name="target"]').fill('Deutsche Bahn')
      await page.locator('[data-template="forest"]').click()
      await page.locator('.ProseMirror').click()
      await page.keyboard.type('Ein Nachtzug jede Nacht.')

      // Two topics and the place, by keyboard: Space ticks, type-ahead picks.
      await page.locator('#topic-environment').focus()
      await page.keyboard.press('Space')
      await tabTo(page, '#topic-transport')
      await page.keyboard.press('Space')
      await tabTo(page, '#petition-country')
      await page.keyboard.type('Deut')
      assert.equal(await page.locator('#petition-country').inputValue(), 'DE')
      await page.keyboard.press('Tab')
      assert.equal(await focusedId(page), 'petition-region')
      await page.keyboard.type('Berlin')
      assert.equal(
        await page.locator('[data-testid="topics-section"] legend').first().textContent(),
        de.t('page.petition.topics_title')
      )
      await noSeriousViolations(page, 'the create form with topics and a place', assert)

      await Promise.all([
        page.waitForURL(/\/petition\/[^/]+$/),
        page.getByTestId('petition-submit').click(),
      ])
      const petition = await Petition.findByOrFail('title', 'Nachtzug von Berlin nach Wien')
      assert.deepEqual(petition.topics, ['environment', 'transport'])
      assert.equal(petition.country, 'DE')
      assert.equal(petition.region, 'Berlin')

      // The page names both topics in German, and the place.
      const header = page.getByTestId('petition-header')
      const topicLinks = header
        .getByRole('list', { name: de.t('page.topics.list_label') })
        .getByRole('link')
      await topicLinks.first().waitFor()
      assert.deepEqual(await topicLinks.allTextContents(), [environment, transport])
      assert.equal(
        await header.getByTestId('petition-place').locator('dd').textContent(),
        'Berlin, Deutschland'
      )

      // A visitor: the topic's page first, from the petition list, by keyboard.
      await page.context().clearCookies()
      await visit(page, siteUrl('/petitions', 'de'))
      const count = page.getByTestId('result-count')
      await count.filter({ hasText: '3' }).waitFor()
      await tabTo(page, '#petition-topic')
      await page.keyboard.type(environment.slice(0, 3))
      await page.waitForURL(/topic=environment/)
      await count.filter({ hasText: '2' }).waitFor()
      const heading = page.getByRole('heading', { level: 1 })
      assert.equal(
        await heading.textContent(),
        de.t('page.list.topic_title', { topic: environment })
      )
      const cards = page.getByTestId('petition-card').locator('h3')
      assert.sameMembers(await cards.allTextContents(), [
        'Nachtzug von Berlin nach Wien',
        'Saubere Flüsse in Tirol',
      ])
      // Its feed, for those who follow the topic.
      assert.equal(
        await page.getByTestId('feed-link').getAttribute('href'),
        '/petitions/topics/environment.atom'
      )
      await noSeriousViolations(page, 'the topic’s page', assert)

      // Then the country filter: Germany keeps the night train only.
      await tabTo(page, '#petition-country-filter')
      await page.keyboard.type('Deut')
      await page.waitForURL(/country=DE/)
      await count.filter({ hasText: '1' }).waitFor()
      assert.deepEqual(await cards.allTextContents(), ['Nachtzug von Berlin nach Wien'])
      assert.deepEqual(Object.fromEntries(new URL(page.url()).searchParams), {
        topic: 'environment',
        country: 'DE',
      })
      await noSeriousViolations(page, 'the topic’s page in Germany', assert)

      // Enter on the card's link opens the petition.
      const cardLink = page
        .getByTestId('petition-card')
        .getByRole('link', { name: 'Nachtzug von Berlin nach Wien' })
        .first()
      await cardLink.focus()
      await Promise.all([
        page.waitForURL(new RegExp(`/petition/${petition.slug}$`)),
        page.keyboard.press('Enter'),
      ])
      await page.getByTestId('petition-header').waitFor()
    })
  })
})
