import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import PetitionReport from '#models/petition_report'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makePetition } from '#tests/helpers/signatures'

const es = i18nManager.locale('es')

test.group('Browser: moderation', (group) => {
  browserJourneys(group)

  test('a guest reports a petition in Spanish, by keyboard, with errors under the fields first', async ({
    assert,
  }) => {
    const { petition } = await makePetition({ title: 'Más bibliotecas abiertas los domingos' })
    await inBrowser('guest reports a petition', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'es'))
      const opener = page.getByTestId('report-petition')
      assert.equal(await opener.textContent(), es.t('page.report.link'))
      await opener.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: es.t('page.report.title') })
      await dialog.waitFor()
      assert.deepEqual(
        describeViolations('report dialog', await seriousViolations(page, '.modal')),
        []
      )

      // Sent with nothing chosen: the reason's error, in Spanish.
      await dialog.getByRole('button', { name: es.t('page.report.submit') }).click()
      const reasonError = dialog.locator('[data-error-for="reason"]')
      await reasonError.waitFor()
      assert.equal(await reasonError.textContent(), 'Elige un motivo')

      // "Something else" needs a note.
      await dialog.getByLabel(es.t('page.report.reasons.other')).focus()
      await page.keyboard.press('Space')
      await dialog.getByRole('button', { name: es.t('page.report.submit') }).click()
      await dialog.locator('[data-error-for="note"]').waitFor()

      await dialog
        .getByLabel(es.t('page.report.note'))
        .fill('Copia otra petición palabra por palabra.')
      await dialog.getByLabel(es.t('page.report.note')).focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await page
        .locator('.Toastify__toast--success', { hasText: es.t('page.report.reported') })
        .waitFor()
      await dialog.waitFor({ state: 'hidden' })
    })
    const [stored] = await PetitionReport.query().where('petition_id', petition.id)
    assert.equal(stored.reason, 'other')
    assert.equal(stored.note, 'Copia otra petición palabra por palabra.')
    assert.equal(stored.locale, 'es')
    assert.isNull(stored.reporterId)
  })
})
