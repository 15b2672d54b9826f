import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import PetitionReport from '#models/petition_report'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makePetition } from '#tests/helpers/signatures'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { ROLE_MODERATOR } from '#models/user'
import Petition from '#models/petition'

const es = i18nManager.locale('es')
const uk = i18nManager.locale('uk')

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

  test('a moderator hides a reported petition in Ukrainian and restores it; the public sees the reason', async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'uk' })
    const { petition } = await makePetition({ title: 'Рекламна петиція' })
    await PetitionReport.create({
      petitionId: petition.id,
      reporterKey: 'guest:abc',
      reason: 'spam',
      note: 'Реклама годинників',
      locale: 'uk',
    })
    await inBrowser('moderator hides and restores', async (page, context) => {
      await logIn(page, moderator.email, PASSWORD, 'uk')

      await visit(page, siteUrl('/moderation', 'uk'))
      const card = page.getByTestId('queued-petition').filter({ hasText: 'Рекламна петиція' })
      await card.getByText('Реклама годинників').waitFor()
      assert.deepEqual(describeViolations('queue', await seriousViolations(page)), [])

      await card.getByLabel(uk.t('page.moderation.reason')).fill('Реклама, не петиція')
      await card.getByRole('button', { name: uk.t('page.moderation.actions.hide') }).click()
      await page
        .locator('.Toastify__toast--success', { hasText: uk.t('page.moderation.done.hide') })
        .waitFor()

      // A visitor gets the 410 page with the reason.
      const guest = await context.browser()!.newContext()
      const visitor = await guest.newPage()
      const answer = await visitor.goto(siteUrl(`/petition/${petition.slug}`, 'uk'))
      assert.equal(answer?.status(), 410)
      await visitor.getByText('Реклама, не петиція').waitFor()
      assert.deepEqual(describeViolations('removed', await seriousViolations(visitor)), [])
      await guest.close()

      await visit(page, siteUrl('/moderation?view=hidden', 'uk'))
      const hidden = page.getByTestId('queued-petition').filter({ hasText: 'Рекламна петиція' })
      await hidden.getByLabel(uk.t('page.moderation.reason')).fill('Автор прибрав рекламу')
      await hidden.getByRole('button', { name: uk.t('page.moderation.actions.restore') }).click()
      await page
        .locator('.Toastify__toast--success', { hasText: uk.t('page.moderation.done.restore') })
        .waitFor()
    })
    assert.isNull((await Petition.findOrFail(petition.id)).hiddenAt)
  })
})
