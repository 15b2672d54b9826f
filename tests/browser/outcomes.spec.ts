import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'

const fr = i18nManager.locale('fr')
const de = i18nManager.locale('de')

test.group('Browser: official responses and victories', (group) => {
  browserJourneys(group)

  test('an owner posts a response in French and marks a victory; the German site lists it among the victories', async ({
    assert,
  }) => {
    const owner = await makeMember({ locale: 'fr' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Une piste cyclable rue de la Paix', userId: owner.id })
      .create()
    await inBrowser('owner posts a response and marks a victory', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'fr')
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'fr'))
      const section = page.getByTestId('responses-section')
      await section.getByText(fr.t('page.response.none')).waitFor()

      await section.getByRole('button', { name: fr.t('page.response.add') }).click()
      const dialog = page.getByRole('dialog', { name: fr.t('page.response.add_title') })
      await dialog.waitFor()
      assert.deepEqual(
        describeViolations('response dialog', await seriousViolations(page, '.modal')),
        []
      )

      // Sent empty: the errors come under the fields, in French.
      await dialog.getByRole('button', { name: fr.t('page.response.publish') }).click()
      await dialog.locator('[data-error-for="responder"]').waitFor()
      await dialog.locator('[data-error-for="body"]').waitFor()

      await dialog.getByLabel(fr.t('page.response.responder')).fill('Mairie de Lyon')
      const body = dialog.getByRole('textbox', { name: fr.t('page.response.body'), exact: true })
      await body.click()
      await page.keyboard.type('La piste sera ouverte au printemps.')
      // The dialog is sent by keyboard too.
      await dialog.getByRole('button', { name: fr.t('page.response.publish') }).focus()
      await page.keyboard.press('Enter')
      await page
        .locator('.Toastify__toast--success', { hasText: fr.t('page.response.added') })
        .waitFor()
      await dialog.waitFor({ state: 'hidden' })
      const item = section.getByTestId('response-item')
      await item.getByRole('heading', { name: 'Mairie de Lyon' }).waitFor()
      await item.getByText('La piste sera ouverte au printemps.').waitFor()

      await section.getByRole('button', { name: fr.t('page.response.mark_victory') }).click()
      await page
        .getByTestId('victory-badge')
        .getByText(fr.t('page.response.victory_badge'))
        .waitFor()
      await section.getByRole('button', { name: fr.t('page.response.unmark_victory') }).waitFor()
      assert.deepEqual(describeViolations('petition', await seriousViolations(page)), [])

      // The German list's victory filter and home page show it, with its badge.
      await visit(page, siteUrl('/petitions?status=victory&lang=all', 'de'))
      const card = page.getByTestId('petition-card').filter({ hasText: petition.title })
      await card.getByText(de.t('page.response.victory_badge')).waitFor()
      assert.equal(await page.getByLabel(de.t('page.list.status_label')).inputValue(), 'victory')
      await visit(page, siteUrl('/', 'de'))
      await page
        .getByTestId('victories')
        .getByRole('heading', { name: de.t('page.home.victories_title') })
        .waitFor()
      await page.getByTestId('victories').getByText(petition.title).waitFor()
      assert.deepEqual(describeViolations('home', await seriousViolations(page)), [])
    })
    const [stored] = await PetitionResponse.query().where('petition_id', petition.id)
    assert.equal(stored.responder, 'Mairie de Lyon')
    assert.equal(stored.body, '<p>La piste sera ouverte au printemps.</p>')
    assert.isNotNull((await Petition.findOrFail(petition.id)).victoryAt)
  })
})
