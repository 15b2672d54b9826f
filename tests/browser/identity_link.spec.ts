import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import User from '#models/user'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { providerJourneys, TestOidcProvider } from '#tests/helpers/oidc_provider'

const de = i18nManager.locale('de')
const provider = new TestOidcProvider()

test.group('Browser: a verified identity linked to the account', (group) => {
  browserJourneys(group)
  providerJourneys(group, provider)

  test('a member in German links their identity once, through the provider’s own pages', async ({
    assert,
  }) => {
    const member = await makeMember({ email: 'jonas@example.com' })
    await inBrowser('identity link journey', async (page) => {
      await logIn(page, member.email, PASSWORD, 'de')
      await visit(page, siteUrl('/my/account', 'de'))
      const section = page.getByTestId('account-identity')
      await section.getByRole('heading', { name: de.t('page.account.identity_title') }).waitFor()
      assert.deepEqual(
        describeViolations('link offered', await seriousViolations(page, '#account-identity')),
        []
      )

      // A full page load to the provider: its login and consent pages, then back.
      await section
        .getByRole('link', { name: de.t('page.account.identity_link', { provider: 'Test eID' }) })
        .click()
      await page.locator('input[name="login"]').fill('alice-42')
      await page.locator('input[name="password"]').fill('any')
      await page.locator('button[type="submit"]').click()
      await Promise.all([
        page.waitForURL(/de\.[^/]+\/my\/account/),
        page.locator('button[type="submit"]').click(),
      ])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })

      await page
        .locator('.Toastify__toast--success', { hasText: de.t('page.account.identity_linked') })
        .waitFor()
      const linked = await User.findOrFail(member.id)
      const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
        linked.identityLinkedAt!.toJSDate()
      )
      await page
        .getByTestId('linked-identity')
        .getByText(de.t('page.account.identity_linked_with', { provider: 'Test eID', date }))
        .waitFor()
      assert.include(await section.textContent(), 'DE')
      assert.include(await section.textContent(), 'BY')
      // Linked once: nothing offers to link again.
      assert.equal(await section.getByRole('link').count(), 0)
      assert.deepEqual(
        describeViolations('identity linked', await seriousViolations(page, '#account-identity')),
        []
      )
    })
  })
})
