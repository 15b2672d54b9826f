import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { tabTo } from '#tests/helpers/keyboard'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { ROLE_MEMBER } from '#models/user'
import { PetitionFactory } from '#database/factories/petition_factory'

const fr = i18nManager.locale('fr')
const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim()

test.group('Browser: where signatures came from', (group) => {
  browserJourneys(group)

  test('in French, a visitor from a newsletter link ticks the opt-in by keyboard, signs and confirms; the owner sees the newsletter in the sources table', async ({
    assert,
  }) => {
    const owner = await makeMember({
      firstName: 'Camille',
      lastName: 'Durand',
      email: 'camille.durand@example.org',
      role: ROLE_MEMBER,
    })
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Une piste cyclable rue Victor-Hugo',
        allowComments: false,
        userId: owner.id,
      })
      .create()
    const consent = fr.t('sources.sign.contact_consent', { owner: 'Camille Durand' })

    await inBrowser('signer from a newsletter', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}?source=newsletter-dec`, 'fr'))
      const form = page.getByTestId('sign-form')
      await form.locator('[name="firstName"]').fill('Léa')
      await form.locator('[name="lastName"]').fill('Martin')
      await form.locator('[name="email"]').fill('lea.martin@example.fr')

      // The opt-in: off until the signer ticks it, by keyboard.
      const box = form.getByLabel(consent)
      assert.isFalse(await box.isChecked())
      await form.locator('[name="email"]').focus()
      await tabTo(page, '#field-contact-consent')
      await page.keyboard.press('Space')
      assert.isTrue(await box.isChecked())
      const violations = await seriousViolations(page)
      assert.deepEqual(describeViolations('sign form with the opt-in', violations), [])

      await form.getByTestId('sign-submit').click()
      const dialog = page.locator('.swal2-popup')
      await dialog.locator('.swal2-confirm').click()
      await dialog.waitFor({ state: 'detached' })

      const [mail] = await outbox.to('lea.martin@example.fr')
      await visit(page, linkIn(mail.html, '/signature/'))
      await page.getByTestId('confirm-signature').click()
      await page.waitForURL(siteUrl(`/petition/${petition.slug}`, 'fr'))
    })

    const row = await db.from('signatures').where('email', 'lea.martin@example.fr').first()
    assert.equal(row.source, 'newsletter-dec')
    assert.equal(row.contact_consent_text, consent)
    assert.isNotNull(row.confirmed_at)

    await inBrowser('owner reads the sources', async (page) => {
      await logIn(page, 'camille.durand@example.org', PASSWORD, 'fr')
      await visit(page, siteUrl(`/petition/${petition.guid}/signatures`, 'fr'))
      const section = page.getByTestId('signature-sources')
      assert.equal(
        spaces(await section.getByRole('heading', { level: 2 }).textContent()),
        fr.t('sources.owner.title')
      )
      const table = section.getByTestId('signature-sources-table')
      assert.deepEqual((await table.locator('thead th').allTextContents()).map(spaces), [
        fr.t('sources.owner.source'),
        fr.t('sources.owner.confirmed'),
        fr.t('sources.owner.share'),
      ])
      const newsletter = table.locator('tbody tr[data-source="newsletter-dec"]')
      assert.deepEqual((await newsletter.locator('th, td').allTextContents()).map(spaces), [
        'newsletter-dec',
        '1',
        '100 %',
      ])

      // The chart by day is drawn once in view; the figures are its text alternative.
      await section.scrollIntoViewIfNeeded()
      await section.getByTestId('sources-chart').locator('canvas').first().waitFor()
      await section.getByText(fr.t('sources.owner.figures')).click()
      const days = section.getByTestId('signature-sources-days')
      assert.deepEqual((await days.locator('tbody tr td').allTextContents()).map(spaces), ['1'])
      const violations = await seriousViolations(page)
      assert.deepEqual(describeViolations('signatures page with its sources', violations), [])
    })
  })
})
