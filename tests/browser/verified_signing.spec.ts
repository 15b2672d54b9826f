import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { PetitionFactory } from '#database/factories/petition_factory'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { tabTo } from '#tests/helpers/keyboard'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { signatureRows } from '#tests/helpers/signatures'
import { providerJourneys, TestOidcProvider } from '#tests/helpers/oidc_provider'

const de = i18nManager.locale('de')
const provider = new TestOidcProvider()

test.group('Browser: signing with a verified identity', (group) => {
  browserJourneys(group)
  providerJourneys(group, provider)

  test('a German signer checks their identity at the provider and signs, by keyboard alone; it counts at once', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Mehr Radwege in Bayern',
        country: 'DE',
        region: 'BY',
        identityRequired: true,
        identityResidence: 'region',
      })
      .with('user')
      .create()
    await inBrowser('verified signing', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'de'))
      const start = `[data-testid="identity-providers"] a`
      assert.equal(
        await page.locator(start).textContent(),
        de.t('page.identity.sign_with', { provider: 'Test eID' })
      )
      await tabTo(page, start)
      await page.keyboard.press('Enter')

      // The provider's own login and consent pages, by keyboard too.
      await page.waitForURL((url) => url.origin === provider.issuer)
      await tabTo(page, 'input[name="login"]')
      await page.keyboard.type('alice-42')
      await tabTo(page, 'input[name="password"]')
      await page.keyboard.type('any')
      await page.keyboard.press('Enter')
      await page.locator('button[type="submit"], button[autofocus]').first().waitFor()
      await tabTo(page, 'button[type="submit"]')
      await page.keyboard.press('Enter')

      // Back on the German site, on the same form, verified: the claims the petition asks for.
      await page.waitForURL((url) => url.hostname.startsWith('de.'))
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      const verified = page.getByTestId('verified-identity')
      await verified.waitFor()
      assert.include(
        await verified.textContent(),
        de.t('page.identity.verified_title', { provider: 'Test eID' })
      )
      assert.include(await verified.textContent(), 'BY')
      assert.deepEqual(describeViolations('verified sign form', await seriousViolations(page)), [])

      const fields: [string, string][] = [
        ['[name="firstName"]', 'Alice'],
        ['[name="lastName"]', 'Huber'],
        ['[name="email"]', 'alice.huber@example.org'],
        ['[name="comment"]', 'Sichere Radwege für alle Kinder in Bayern.'],
      ]
      for (const [selector, text] of fields) {
        await tabTo(page, selector)
        await page.keyboard.type(text)
      }
      await tabTo(page, '[data-testid="sign-submit"]')
      await page.keyboard.press('Enter')

      // Counted at once: thanks, no "check your inbox".
      await page
        .locator('.swal2-popup .swal2-title', { hasText: de.t('page.sign.thanks_title') })
        .waitFor()
    })

    const [row] = await signatureRows(petition)
    assert.equal(row.email, 'alice.huber@example.org')
    assert.isNotNull(row.confirmed_at)
    assert.equal(row.identity_provider, provider.key)
    assert.deepEqual(JSON.parse(row.identity_claims), { country: 'DE', region: 'BY' })
  })
})
