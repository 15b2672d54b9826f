import { test } from '@japa/runner'
import ContactMessage from '#models/contact_message'
import NewsletterSubscription from '#models/newsletter_subscription'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { linkIn, outbox } from '#tests/helpers/outbox'

test.group('Browser: the foundation', (group) => {
  // Browser requests run outside a test transaction: the tables are emptied after each journey.
  browserJourneys(group)

  test('choosing DE in the language menu shows the German site', async ({ assert }) => {
    await inBrowser('language switch', async (page) => {
      await visit(page, siteUrl('/faq'))
      assert.equal(await page.locator('h1').textContent(), 'Frequently asked questions')
      await page.getByTestId('language-menu').click()
      await Promise.all([
        page.waitForURL(/de\.undersign.test/),
        page.locator('[data-locale="de"]').click(),
      ])
      await page.locator('h1').waitFor()
      assert.equal(new URL(page.url()).hostname, 'de.undersign.test')
      assert.equal(new URL(page.url()).pathname, '/faq')
      assert.equal(await page.locator('html').getAttribute('lang'), 'de')
      assert.equal(await page.locator('h1').textContent(), 'Häufig gestellte Fragen')
      assert.equal(await page.title(), 'Häufig gestellte Fragen | Undersign')
    })
  })

  test('the session cookie follows the visitor from one language subdomain to another', async ({
    assert,
  }) => {
    await makeMember({ email: 'sesion@example.org' })
    await inBrowser('shared session', async (page, context) => {
      // A member's session (a guest with nothing in one has no session cookie).
      await logIn(page, 'sesion@example.org', PASSWORD, 'es')
      const [session] = (await context.cookies()).filter(
        (cookie) => cookie.name === 'undersign-session'
      )
      assert.equal(session.domain, '.undersign.test')
      assert.isTrue(session.httpOnly)
      assert.equal(session.sameSite, 'Lax')

      await page.getByTestId('language-menu').click()
      await Promise.all([
        page.waitForURL(/\/\/de\.undersign\.test/),
        page.locator('[data-locale="de"]').click(),
      ])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      const after = (await context.cookies()).filter(
        (cookie) => cookie.name === 'undersign-session'
      )
      assert.lengthOf(after, 1, 'one session cookie for every subdomain')
      assert.equal(after[0].value, session.value, 'the same session on the German subdomain')
    })
  })

  test('the contact form shows errors under its fields, then sends and resets', async ({
    assert,
  }) => {
    await inBrowser('contact form', async (page) => {
      await visit(page, siteUrl('/contacts', 'es'))
      const form = page.getByTestId('contact-form')
      await form.getByRole('button', { name: 'Enviar mensaje' }).click()
      await form.locator('[data-error-for="message"]').waitFor()
      for (const field of ['name', 'email', 'subject', 'message']) {
        assert.isTrue(
          await form.locator(`[data-error-for="${field}"]`).isVisible(),
          `error under ${field}`
        )
        assert.include(await form.locator(`[name="${field}"]`).getAttribute('class'), 'is-invalid')
      }

      await form.locator('[name="name"]').fill('Lucía García')
      await form.locator('[name="email"]').fill('lucia@example.com')
      await form.locator('[name="subject"]').fill('Una pregunta sobre las firmas')
      await form.locator('[name="message"]').fill('¿Cómo entrego las firmas a mi ayuntamiento?')
      await form.getByRole('button', { name: 'Enviar mensaje' }).click()
      await page.locator('.Toastify__toast--success').waitFor()
      assert.include(await page.locator('.Toastify__toast--success').textContent(), '¡Gracias!')
      assert.equal(await form.locator('[name="subject"]').inputValue(), '')
      assert.equal(await form.locator('[name="message"]').inputValue(), '')
      assert.equal(await form.locator('[data-error-for]').count(), 0)

      const stored = await ContactMessage.findByOrFail('email', 'lucia@example.com')
      assert.equal(stored.locale, 'es')
    })
  })

  test('subscribing in the footer, then confirming from the mailed link', async ({ assert }) => {
    await inBrowser('newsletter', async (page) => {
      await visit(page, siteUrl('/', 'uk'))
      const form = page.getByTestId('subscription-form')
      await form.locator('[name="email"]').fill('reader@example.com')
      await form.getByRole('button').click()
      await page.locator('.Toastify__toast--success').waitFor()
      await page.waitForFunction(
        `document.querySelector('[data-testid="subscription-form"] [name="email"]').value === ''`
      )

      const [mail] = await outbox.to('reader@example.com')
      assert.exists(mail)
      // Opening the link shows a button and changes nothing; the button confirms.
      await visit(page, linkIn(mail.html, '/confirm'))
      const button = page.getByTestId('subscription-action')
      assert.equal((await button.textContent())?.trim(), 'Підтвердити підписку')
      const subscription = await NewsletterSubscription.findByOrFail('email', 'reader@example.com')
      assert.isNull(subscription.confirmedAt)
      await Promise.all([page.waitForURL(siteUrl('/', 'uk')), button.click()])
      await page.locator('.Toastify__toast--success').waitFor()
      await subscription.refresh()
      assert.isNotNull(subscription.confirmedAt)
      assert.equal(subscription.locale, 'uk')
    })
  })

  test('the outbox page lists the mails and shows their links', async ({ assert }) => {
    await inBrowser('outbox', async (page) => {
      await visit(page, siteUrl('/'))
      await page
        .getByTestId('subscription-form')
        .locator('[name="email"]')
        .fill('outbox@example.com')
      await page.getByTestId('subscription-form').getByRole('button').click()
      await page.locator('.Toastify__toast--success').waitFor()
      await page.goto(siteUrl('/dev/mail'))
      assert.include(
        await page.locator('nav').textContent(),
        'Confirm your subscription to the Undersign newsletter'
      )
      const frame = page.frameLocator('iframe[name="mail"]')
      assert.equal(await frame.getByRole('link', { name: 'Confirm my subscription' }).count(), 1)
    })
  })

  test('the mobile menu opens with its toggle at 375 px', async ({ assert }) => {
    await inBrowser(
      'mobile menu',
      async (page) => {
        await visit(page, siteUrl('/'))
        const petitionsLink = page.locator('#main-nav').getByRole('link', { name: 'Petitions' })
        assert.isFalse(await petitionsLink.isVisible())
        await page.locator('.navbar-toggler').click()
        await petitionsLink.waitFor({ state: 'visible' })
        assert.equal(await page.locator('#main-nav .nav-link.active').textContent(), 'Home')
      },
      { width: 375, height: 812 }
    )
  })
})
