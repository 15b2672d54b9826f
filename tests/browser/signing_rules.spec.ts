import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import BlockedEmailDomain from '#models/blocked_email_domain'
import ModerationEvent from '#models/moderation_event'
import { ROLE_MODERATOR } from '#models/user'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'

const en = i18nManager.locale('en')

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
})
