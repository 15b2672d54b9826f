import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { focusedId, tabTo } from '#tests/helpers/keyboard'
import { makeMember, PASSWORD } from '#tests/helpers/auth'

const uk = i18nManager.locale('uk')
const EMAIL = 'olena.koval@example.com'

// Browser-side expressions are strings: the tests compile without the DOM types.
const CLIPBOARD_TEXT = `navigator.clipboard.readText()`

/** The status GET /api/v1/me answers this token with, asked from the page as a tool would. */
function statusWith(page: Page, token: string) {
  return page.evaluate<number>(
    `fetch('/api/v1/me', { headers: { authorization: 'Bearer ${token}' } }).then((r) => r.status)`
  )
}

test.group('Browser: API tokens', (group) => {
  browserJourneys(group)

  test('a member in Ukrainian makes a token by keyboard, sees it once, and revokes it', async ({
    assert,
  }) => {
    const member = await makeMember({ email: EMAIL, firstName: 'Олена', lastName: 'Коваль' })
    await inBrowser(
      'api tokens journey',
      async (page, context) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: new URL(siteUrl('/', 'uk')).origin,
        })
        await logIn(page, EMAIL, PASSWORD, 'uk')
        await visit(page, siteUrl('/my/account', 'uk'))
        const section = page.getByTestId('account-api-tokens')
        await section.getByTestId('api-tokens-empty').waitFor()
        assert.equal(
          await section.locator('h2').textContent(),
          uk.t('tokens.section.title'),
          'the section is in Ukrainian'
        )
        assert.deepEqual(
          describeViolations('empty list', await seriousViolations(page, '#account-api-tokens')),
          []
        )

        // A name left out is refused under its field.
        await tabTo(page, '[data-testid="api-token-form"] button[type="submit"]')
        await page.keyboard.press('Enter')
        await section.locator('[data-error-for="name"]').waitFor()
        assert.equal(
          await section.locator('[data-error-for="name"]').textContent(),
          uk.t('tokens.validator.messages.name.required')
        )

        // The form, by keyboard only: a name, one ability, 30 days.
        await page.locator('#api-token-name').focus()
        await page.keyboard.type('Синхронізація з CiviCRM')
        await tabTo(page, '#api-token-ability-signatures_read')
        await page.keyboard.press('Space')
        await tabTo(page, '#api-token-expiry')
        await page.keyboard.press('ArrowUp')
        assert.equal(await page.locator('#api-token-expiry').inputValue(), '30')
        await tabTo(page, '[data-testid="api-token-form"] button[type="submit"]')
        await page.keyboard.press('Enter')

        // Shown once, with the warning; the focus lands on it.
        const shown = section.getByTestId('new-api-token')
        await shown.waitFor()
        assert.include(await shown.textContent(), uk.t('tokens.new_token.warning'))
        assert.equal(await focusedId(page), 'new-api-token-title')
        const value = await shown.getByTestId('new-api-token-value').inputValue()
        assert.match(value, /^ust_/)
        await tabTo(page, '[data-testid="new-api-token-copy"]')
        await page.keyboard.press('Enter')
        await shown.getByText(uk.t('tokens.new_token.copied')).waitFor()
        assert.equal(await page.evaluate<string>(CLIPBOARD_TEXT), value)
        assert.deepEqual(
          describeViolations('new token', await seriousViolations(page, '#account-api-tokens')),
          []
        )

        // The token works, as listed.
        assert.equal(await statusWith(page, value), 200)
        const row = section.getByTestId('api-token-row')
        assert.include(await row.textContent(), 'Синхронізація з CiviCRM')
        assert.include(await row.textContent(), 'signatures:read')

        // The next page load no longer has it.
        await page.reload()
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        await section.getByTestId('api-token-row').waitFor()
        assert.equal(await section.getByTestId('new-api-token').count(), 0)
        assert.notInclude(await page.content(), value)
        assert.notInclude(
          await section.getByTestId('api-token-row').textContent(),
          uk.t('tokens.list.never_used')
        )

        // Revoked after the dialog asks, by keyboard.
        const revokeLabel = uk.t('tokens.list.revoke_label', { name: 'Синхронізація з CiviCRM' })
        await tabTo(page, `button[aria-label="${revokeLabel}"]`)
        await page.keyboard.press('Enter')
        const dialog = page.locator('.swal2-popup')
        await dialog.locator('.swal2-title', { hasText: uk.t('tokens.confirm.title') }).waitFor()
        assert.include(await dialog.textContent(), 'Синхронізація з CiviCRM')
        await tabTo(page, '.swal2-confirm', 5)
        await page.keyboard.press('Enter')
        await page
          .locator('.Toastify__toast--success', { hasText: uk.t('tokens.flash.revoked') })
          .waitFor()
        await section.getByTestId('api-tokens-empty').waitFor()
        assert.lengthOf(await db.from('api_tokens').where('tokenable_id', member.id), 0)
        assert.equal(await statusWith(page, value), 401)
        assert.deepEqual(describeViolations('after revoking', await seriousViolations(page)), [])
      },
      { width: 1280, height: 900 },
      { secureContext: true }
    )
  })
})
