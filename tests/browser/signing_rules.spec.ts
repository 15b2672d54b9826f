import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import BlockedEmailDomain from '#models/blocked_email_domain'
import DisposableDomainExemption from '#models/disposable_domain_exemption'
import ModerationEvent from '#models/moderation_event'
import { ROLE_MODERATOR } from '#models/user'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'

const en = i18nManager.locale('en')
const it = i18nManager.locale('it')

test.group('Browser: signing rules', (group) => {
  browserJourneys(group)

  test('a moderator blocks a domain by keyboard from the rules page, after a wrong one is refused under its field', async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    await inBrowser('moderator blocks a domain', async (page) => {
      await logIn(page, moderator.email, PASSWORD)
      await visit(page, siteUrl('/moderation', 'en'))
      await page.getByTestId('rules-link').focus()
      await Promise.all([page.waitForURL(/\/moderation\/rules$/), page.keyboard.press('Enter')])
      await page
        .getByRole('heading', { level: 1, name: en.t('page.moderation.rules.title') })
        .waitFor()

      const domain = page.getByLabel(en.t('page.moderation.rules.domains.domain'), { exact: true })
      await domain.focus()
      await page.keyboard.type('not a domain')
      await page.keyboard.press('Tab')
      await page.keyboard.type('Fake signatures from one provider')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      const error = page.locator('[data-error-for="domain"]')
      await error.waitFor()
      assert.equal(await error.textContent(), 'Please enter a domain name, such as example.org')
      assert.deepEqual(
        describeViolations('rules form with an error', await seriousViolations(page)),
        []
      )

      await domain.focus()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('Fake-Signers.test')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      const row = page.getByTestId('blocked-domain').filter({ hasText: 'fake-signers.test' })
      await row.waitFor()
      assert.include(await row.textContent(), 'Fake signatures from one provider')
      assert.equal(await domain.inputValue(), '', 'the form is ready for the next one')
    })
    const stored = await BlockedEmailDomain.findByOrFail('domain', 'fake-signers.test')
    assert.equal(stored.createdBy, moderator.id)
    const event = await ModerationEvent.findByOrFail('action', 'email_domain_blocked')
    assert.equal(event.subject, 'fake-signers.test')
  })

  test('a moderator in Italian is refused gmail.com under the field, then exempts a domain of the kept list and lifts it', async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'it' })
    await inBrowser('moderator exempts a domain in Italian', async (page) => {
      await logIn(page, moderator.email, PASSWORD, 'it')
      await visit(page, siteUrl('/moderation/rules', 'it'))
      await page
        .getByRole('heading', { level: 1, name: it.t('page.moderation.rules.title') })
        .waitFor()
      assert.equal(
        await page.getByTestId('big-providers-note').textContent(),
        it.t('page.moderation.rules.domains.big_providers')
      )

      // A big provider is refused under the domain, in Italian.
      const blockForm = page.getByTestId('block-domain-form')
      await blockForm.getByLabel(it.t('page.moderation.rules.domains.domain')).fill('gmail.com')
      await blockForm.getByLabel(it.t('page.moderation.rules.reason')).fill('Ondata di firme')
      await blockForm.getByRole('button').click()
      const refused = blockForm.locator('[data-error-for="domain"]')
      await refused.waitFor()
      assert.equal(
        await refused.textContent(),
        it.t('validator.shared.messages.domain.bigMailProvider', { provider: 'gmail.com' })
      )

      // The exemption, typed and sent by keyboard.
      const exemptForm = page.getByTestId('exempt-domain-form')
      const domain = exemptForm.getByLabel(it.t('page.moderation.rules.exemptions.domain'))
      await domain.focus()
      await page.keyboard.type('Mailinator.com')
      await page.keyboard.press('Tab')
      await page.keyboard.type('Una scuola dà ai suoi alunni indirizzi lì')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      const row = page.getByTestId('exempted-domain').filter({ hasText: 'mailinator.com' })
      await row.waitFor()
      assert.include(await row.textContent(), 'Una scuola dà ai suoi alunni indirizzi lì')
      assert.equal(await domain.inputValue(), '', 'the form is ready for the next one')
      assert.deepEqual(
        describeViolations('rules with an exemption (it)', await seriousViolations(page)),
        []
      )

      // The check says so.
      await page.getByLabel(it.t('page.moderation.rules.kept.check_label')).fill('mailinator.com')
      await page.getByTestId('check-domain-form').getByRole('button').click()
      await page
        .getByTestId('check-answer')
        .filter({
          hasText: it.t('page.moderation.rules.kept.exempted', { domain: 'mailinator.com' }),
        })
        .waitFor()

      // Lifted after its dialog.
      await row
        .getByRole('button', {
          name: it.t('page.moderation.rules.exemptions.lift_label', { subject: 'mailinator.com' }),
        })
        .click()
      await page
        .locator('.swal2-html-container', {
          hasText: it.t('page.moderation.rules.exemptions.lift_text'),
        })
        .waitFor()
      await page.locator('.swal2-confirm').click()
      await page.getByText(it.t('page.moderation.rules.exemptions.none')).waitFor()
    })
    assert.lengthOf(await DisposableDomainExemption.all(), 0)
    assert.lengthOf(await BlockedEmailDomain.all(), 0)
    const actions = await ModerationEvent.query().orderBy('id').select('action', 'subject')
    assert.deepEqual(
      actions.map((event) => [event.action, event.subject]),
      [
        ['disposable_domain_exempted', 'mailinator.com'],
        ['disposable_exemption_lifted', 'mailinator.com'],
      ]
    )
  }).timeout(90_000)
})
