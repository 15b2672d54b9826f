import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'

const es = i18nManager.locale('es')

/** Clicks the title of a petition's card on the list. */
async function openCard(page: Page, title: string) {
  await page.getByTestId('petition-card').filter({ hasText: title }).locator('h3 a').click()
}

test.group('Browser: pages that are gone', (group) => {
  browserJourneys(group)

  test('a link to a petition deleted or hidden meanwhile shows its Spanish page at its address, without a toast', async ({
    assert,
  }) => {
    const deleted = await PetitionFactory.apply('published')
      .merge({ title: 'Una fuente en la plaza', lang: 'es' })
      .with('user')
      .create()
    const hidden = await PetitionFactory.apply('published')
      .merge({ title: 'Relojes baratos aquí', lang: 'es' })
      .with('user')
      .create()
    const deletedUrl = siteUrl(`/petition/${deleted.slug}`, 'es')
    const hiddenUrl = siteUrl(`/petition/${hidden.slug}`, 'es')

    await inBrowser('pages that are gone', async (page) => {
      await visit(page, siteUrl('/petitions', 'es'))
      await page.getByTestId('petition-card').filter({ hasText: deleted.title }).waitFor()

      // Deleted after the list was shown: the 404 page, in Spanish, at the link's address.
      await deleted.delete()
      await openCard(page, deleted.title)
      await page.waitForURL(deletedUrl, { timeout: 5000 })
      const heading = page.locator('h1', { hasText: es.t('page.errors.404.title') })
      await heading.waitFor()
      assert.equal(await page.locator('.error-code').textContent(), '404')
      assert.include(await page.title(), es.t('page.errors.404.title'))
      assert.equal(await page.locator('.Toastify__toast').count(), 0)
      assert.deepEqual(describeViolations('404 page', await seriousViolations(page)), [])

      // Back on the list, a petition hidden meanwhile shows why it was removed.
      await page.goBack()
      await page.getByTestId('petition-card').filter({ hasText: hidden.title }).waitFor()
      await hidden
        .merge({ hiddenAt: DateTime.now(), hiddenReason: 'spam', hiddenNote: 'Anuncia relojes' })
        .save()
      await openCard(page, hidden.title)
      await page.waitForURL(hiddenUrl, { timeout: 5000 })
      await page.locator('h1', { hasText: es.t('page.removed.title') }).waitFor()
      // The reason of the list, in words; never the moderator's note.
      const main = await page.locator('main').textContent()
      assert.include(main, es.t('common.hide_reasons.spam'))
      assert.notInclude(main, 'Anuncia relojes')
      assert.equal(await page.locator('.Toastify__toast').count(), 0)
      assert.deepEqual(describeViolations('removed page', await seriousViolations(page)), [])
    })
  })

  test('a form refused as forbidden shows a toast and keeps the form', async ({ assert }) => {
    const owner = await makeMember({ email: 'ana@example.org' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Más árboles en la avenida', userId: owner.id })
      .create()
    const editUrl = siteUrl(`/petition/${petition.guid}/edit`, 'es')

    await inBrowser('forbidden form', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'es')
      await visit(page, editUrl)
      const title = page.getByTestId('petition-form').locator('[name="title"]')
      await title.fill('Más árboles y bancos en la avenida')

      // Handed to another member meanwhile: saving is refused.
      await petition.merge({ userId: (await makeMember()).id }).save()
      await page.getByTestId('petition-submit').click()
      await page
        .locator('.Toastify__toast--error', { hasText: es.t('page.errors.403.text') })
        .waitFor()
      assert.equal(page.url(), editUrl)
      assert.equal(await title.inputValue(), 'Más árboles y bancos en la avenida')
      assert.equal(await page.locator('.error-code').count(), 0)
    })
  })
})
