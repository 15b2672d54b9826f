import { test } from '@japa/runner'
import env from '#start/env'
import i18nManager from '@adonisjs/i18n/services/main'
import { consumeSignupAccount } from '#runtime/limits/rate_limits'
import { allowedRequests } from '#config/rate_limits'
import User from '#models/user'
import { browserJourneys, inBrowser, launchBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { fixture, pngWithExif } from '#tests/helpers/images'
import { makeMember } from '#tests/helpers/auth'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { sendVerificationMail } from '#services/accounts/registration'
import { siGithub, siGoogle } from 'simple-icons'

const EMAIL = 'oksana@example.com'
const PASSWORD = 'violet-river-3141'

test.group('Browser: accounts', (group) => {
  browserJourneys(group)

  test('sign up in Ukrainian, verify, log out, log in and upload an avatar', async ({ assert }) => {
    const avatarPath = await fixture('browser-avatar.png', await pngWithExif(500, 500))

    await inBrowser('accounts journey', async (page) => {
      // Sign up on the Ukrainian site.
      await visit(page, siteUrl('/signup', 'uk'))
      // Each provider's button: its brand icon, hidden from screen readers, and its name.
      const providers = page.getByTestId('provider-block')
      for (const [provider, name, icon] of [
        ['github', 'GitHub', siGithub],
        ['google', 'Google', siGoogle],
      ] as const) {
        const link = providers.getByRole('link', { name, exact: true })
        assert.equal(await link.getAttribute('data-provider'), provider)
        assert.equal((await link.textContent())?.trim(), name)
        const svg = link.locator('svg')
        assert.equal(await svg.getAttribute('aria-hidden'), 'true')
        assert.equal(await svg.locator('path').getAttribute('d'), icon.path)
      }
      assert.notInclude(await providers.textContent(), 'GH')
      const signup = page.getByTestId('signup-form')
      await signup.locator('[name="firstName"]').fill('Оксана')
      await signup.locator('[name="lastName"]').fill('Шевченко')
      await signup.locator('[name="email"]').fill(EMAIL)
      await signup.locator('[name="password"]').fill(PASSWORD)
      await signup.locator('[name="password_confirmation"]').fill(PASSWORD)
      await Promise.all([
        page.waitForURL(/\/my\/petitions$/),
        signup.getByRole('button', { name: 'Зареєструватися' }).click(),
      ])
      await page.getByTestId('profile-header').waitFor()
      assert.include(await page.getByTestId('user-menu').textContent(), 'Оксана')
      // Not "confirmed" beside the button that confirms: the answer is no.
      assert.equal(
        (await page.getByTestId('verified').textContent())?.replace(/\s+/g, ' ').trim(),
        'ні Підтвердити зараз'
      )

      // The verification mail, in Ukrainian, from the outbox.
      const [mail] = await outbox.to(EMAIL)
      assert.equal(mail.subject, 'Підтвердьте свою адресу електронної пошти для Undersign')
      // The link only asks; its button verifies.
      await visit(page, linkIn(mail.html, '/auth/email/verify/'))
      assert.equal((await User.findByOrFail('email', EMAIL)).role, 0)
      await Promise.all([
        page.waitForURL(/\/my\/petitions$/),
        page.getByRole('button', { name: 'Підтвердити мій обліковий запис' }).click(),
      ])
      await page.locator('.Toastify__toast--success').waitFor()
      assert.equal((await page.getByTestId('verified').textContent())?.trim(), 'так')
      assert.equal((await User.findByOrFail('email', EMAIL)).role, 1)

      // Log out from the header menu (a button that posts), then log back in.
      await page.getByTestId('user-menu').click()
      await Promise.all([
        page.waitForURL(siteUrl('/', 'uk')),
        page.getByRole('button', { name: 'Вийти' }).click(),
      ])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      assert.equal(await page.getByTestId('user-menu').count(), 0)

      await visit(page, siteUrl('/login', 'uk'))
      const login = page.getByTestId('login-form')
      await login.locator('[name="email"]').fill(EMAIL)
      await login.locator('[name="password"]').fill(PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])
      await page.getByTestId('profile-header').waitFor()

      // Upload an avatar: it shows on My petitions and in the header menu.
      await page.getByTestId('avatar-input').setInputFiles(avatarPath)
      await page.locator('.Toastify__toast--success').last().waitFor()
      await page.waitForFunction(
        `document.querySelector('[data-testid="profile-avatar"]').getAttribute('src').startsWith('/uploads/avatars/')`
      )
      const avatar = await page.getByTestId('profile-avatar').getAttribute('src')
      await page.waitForFunction(
        `document.querySelector('[data-testid="user-menu"] img').getAttribute('src') === ${JSON.stringify(avatar)}`
      )
      assert.equal((await User.findByOrFail('email', EMAIL)).avatar, avatar)
    })
  })

  test('a visitor who never signed up declines the account made with their address, in Ukrainian', async ({
    assert,
  }) => {
    // Someone else registered this address, with a password of their own.
    const stranger = await makeMember({ email: EMAIL, role: 0, firstName: 'Mallory' })
    await sendVerificationMail(stranger, 'uk')
    const [mail] = await outbox.to(EMAIL)
    assert.include(mail.text, '«Я не реєструвався»', 'the mail says what to do if it was not them')
    await outbox.clear()

    await inBrowser('decline a sign-up', async (page) => {
      await visit(page, linkIn(mail.html, '/auth/email/verify/'))
      await page.getByRole('heading', { name: 'Це ваш обліковий запис?' }).waitFor()
      assert.deepEqual(describeViolations('verification page', await seriousViolations(page)), [])
      assert.isNotNull(await User.find(stranger.id), 'opening the link deletes nothing')

      // By keyboard: from the verify button, Tab reaches "I did not sign up".
      await page.getByRole('button', { name: 'Підтвердити мій обліковий запис' }).focus()
      await page.keyboard.press('Tab')
      assert.equal(
        await page.evaluate<string>('document.activeElement.textContent'),
        'Я не реєструвався'
      )
      await Promise.all([page.waitForURL(siteUrl('/', 'uk')), page.keyboard.press('Enter')])
      const toast = page.locator('.Toastify__toast--success')
      await toast.waitFor()
      assert.include(await toast.textContent(), 'видалено')
    })
    assert.isNull(await User.find(stranger.id), 'the account is gone')
    assert.lengthOf(await outbox.to(EMAIL), 0, 'and the address is told nothing more')
  })

  test('log out from the menu by keyboard; an old /logout link only asks', async ({ assert }) => {
    await makeMember({ email: EMAIL, password: PASSWORD })
    await inBrowser('logout by keyboard', async (page) => {
      const logIn = async () => {
        await visit(page, siteUrl('/login'))
        const login = page.getByTestId('login-form')
        await login.locator('[name="email"]').fill(EMAIL)
        await login.locator('[name="password"]').fill(PASSWORD)
        await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])
        await page.getByTestId('profile-header').waitFor()
      }
      await logIn()

      // Keyboard only: open the menu, move down to Logout, press Enter.
      await page.locator('#user-menu').focus()
      await page.keyboard.press('Enter')
      const logout = page.getByRole('button', { name: 'Log out' })
      await logout.waitFor()
      const focused = () => page.evaluate('document.activeElement?.textContent?.trim()')
      for (let step = 0; step < 5 && (await focused()) !== 'Log out'; step++) {
        await page.keyboard.press('ArrowDown')
      }
      assert.equal(await focused(), 'Log out')
      await Promise.all([page.waitForURL(siteUrl('/')), page.keyboard.press('Enter')])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      assert.equal(await page.getByTestId('user-menu').count(), 0)
      await page.goto(siteUrl('/my/petitions'))
      assert.match(page.url(), /\/login/)

      // An old link to GET /logout logs no one out: its page's button does.
      await logIn()
      await visit(page, siteUrl('/logout'))
      await page.getByTestId('logout-confirm').waitFor()
      assert.equal(await page.getByTestId('user-menu').count(), 1)
      await visit(page, siteUrl('/my/petitions'))
      await page.getByTestId('profile-header').waitFor()
      await visit(page, siteUrl('/logout'))
      await Promise.all([page.waitForURL(siteUrl('/')), page.getByTestId('logout-confirm').click()])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      assert.equal(await page.getByTestId('user-menu').count(), 0)
    })
  })

  test('a password reset in one browser logs the member out everywhere else', async ({
    assert,
  }) => {
    const { UserFactory } = await import('#database/factories/user_factory')
    await UserFactory.merge({ email: EMAIL, password: PASSWORD, firstName: 'Оксана' }).create()
    const browser = await launchBrowser()

    // The member is logged in on a laptop.
    const laptop = await browser.newContext()
    const laptopPage = await laptop.newPage()
    await visit(laptopPage, siteUrl('/login'))
    await laptopPage.getByTestId('login-form').locator('[name="email"]').fill(EMAIL)
    await laptopPage.getByTestId('login-form').locator('[name="password"]').fill(PASSWORD)
    await Promise.all([
      laptopPage.waitForURL(/\/my\/petitions$/),
      laptopPage.getByTestId('login-form').getByRole('button').click(),
    ])

    try {
      // On a phone, they reset the password from the mailed link.
      await inBrowser('password reset elsewhere', async (phone) => {
        await visit(phone, siteUrl('/auth/password/reset'))
        await phone.getByTestId('forgot-form').locator('[name="email"]').fill(EMAIL)
        await phone.getByTestId('forgot-form').getByRole('button').click()
        await phone.getByTestId('messages').waitFor()
        const [mail] = await outbox.to(EMAIL)
        await visit(phone, linkIn(mail.html, '/auth/password/reset/'))
        const form = phone.getByTestId('reset-form')
        await form.locator('[name="password"]').fill('amber-falcon-2718')
        await form.locator('[name="password_confirmation"]').fill('amber-falcon-2718')
        await Promise.all([phone.waitForURL(/\/my\/petitions$/), form.getByRole('button').click()])
      })

      // Back on the laptop: the session is over.
      await laptopPage.goto(siteUrl('/my/petitions'))
      assert.match(laptopPage.url(), /\/login/)
    } finally {
      await laptop.close()
    }
  })

  test('a provider the site has no keys for has no button, in French', async ({
    assert,
    cleanup,
  }) => {
    const secrets = {
      github: env.get('GITHUB_CLIENT_SECRET'),
      google: env.get('GOOGLE_CLIENT_SECRET'),
    }
    cleanup(() => {
      env.set('GITHUB_CLIENT_SECRET', secrets.github)
      env.set('GOOGLE_CLIENT_SECRET', secrets.google)
    })
    env.set('GOOGLE_CLIENT_SECRET', '')
    await inBrowser('one provider configured', async (page) => {
      await visit(page, siteUrl('/login', 'fr'))
      const links = await page.getByTestId('provider-block').getByRole('link').all()
      const offered = await Promise.all(links.map((link) => link.getAttribute('data-provider')))
      assert.deepEqual(offered, ['github'])
    })
    env.set('GITHUB_CLIENT_SECRET', '')
    await inBrowser('no provider configured', async (page) => {
      await visit(page, siteUrl('/signup', 'fr'))
      await page.getByTestId('signup-form').waitFor()
      assert.equal(await page.getByTestId('provider-block').count(), 0)
    })
  })

  test('a French guest who starts a petition signs up and lands on its form, as the sign-up box promised', async ({
    assert,
  }) => {
    await inBrowser('sign up to start a petition', async (page) => {
      await visit(page, siteUrl('/', 'fr'))
      await Promise.all([page.waitForURL(/\/signup$/), page.getByTestId('start-petition').click()])
      await page.getByTestId('signup-to-create').waitFor()
      const signup = page.getByTestId('signup-form')
      await signup.locator('[name="firstName"]').fill('Camille')
      await signup.locator('[name="lastName"]').fill('Durand')
      await signup.locator('[name="email"]').fill('camille.durand@example.org')
      await signup.locator('[name="password"]').fill(PASSWORD)
      await signup.locator('[name="password_confirmation"]').fill(PASSWORD)
      await signup.locator('[name="password_confirmation"]').press('Enter')
      await page.waitForURL(/\/petition\/create$/)
      await page.getByTestId('petition-form').waitFor()
      assert.equal(new URL(page.url()).hostname.split('.')[0], 'fr')
    })
  })

  test('a sign-up refused for its address clears the earlier errors and keeps what was typed but the passwords, in French', async ({
    assert,
  }) => {
    const fr = i18nManager.locale('fr')
    await inBrowser('sign-up refused for the address', async (page) => {
      await visit(page, siteUrl('/signup', 'fr'))
      const signup = page.getByTestId('signup-form')
      await signup.locator('[name="firstName"]').fill('Camille')
      await signup.locator('[name="lastName"]').fill('Durand')
      await signup.locator('[name="email"]').fill('camille.durand@example.org')
      await signup.locator('[name="password"]').fill('password')
      await signup.locator('[name="password_confirmation"]').fill('password')
      await signup.locator('[name="password_confirmation"]').press('Enter')
      await signup.locator('[data-error-for="password"]').waitFor()

      // Meanwhile others behind the same address made every account it may make this hour.
      for (let index = 0; index < allowedRequests('signupAccounts'); index++) {
        await consumeSignupAccount('127.0.0.1')
      }
      await signup.locator('[name="password"]').fill(PASSWORD)
      await signup.locator('[name="password_confirmation"]').fill(PASSWORD)
      await signup.locator('[name="password_confirmation"]').press('Enter')
      await page
        .locator('.Toastify__toast--error', { hasText: fr.t('page.errors.429.text') })
        .waitFor()
      await signup.locator('[data-error-for="password"]').waitFor({ state: 'detached' })
      assert.equal(await signup.locator('[name="firstName"]').inputValue(), 'Camille')
      assert.equal(
        await signup.locator('[name="email"]').inputValue(),
        'camille.durand@example.org'
      )
      assert.equal(await signup.locator('[name="password"]').inputValue(), '')
    })
    assert.isNull(await User.findBy('email', 'camille.durand@example.org'))
  })
})
