import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import User from '#models/user'
import {
  browserJourneys,
  inBrowser,
  launchBrowser,
  logIn,
  siteUrl,
  visit,
} from '#tests/helpers/browser'
import { tabTo } from '#tests/helpers/keyboard'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'

const de = i18nManager.locale('de')
const EMAIL = 'jonas@example.com'
const NEW_EMAIL = 'jonas.becker@example.org'
const NEW_PASSWORD = 'amber-falcon-2718'

/** Waits for a success toast with this text. */
async function toast(page: Page, text: string) {
  await page.locator('.Toastify__toast--success', { hasText: text }).waitFor()
}

// Browser-side expressions are strings: the tests compile without the DOM types.
const FOCUSED_TEXT = `document.activeElement?.textContent?.trim()`

test.group('Browser: account settings', (group) => {
  browserJourneys(group)

  test('a member in German changes name, password and e-mail, downloads the data and leaves', async ({
    assert,
  }) => {
    const member = await makeMember({ email: EMAIL, firstName: 'Jonas', lastName: 'Becker' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Ein Park für alle', userId: member.id })
      .create()
    const browser = await launchBrowser()

    // The member is also logged in on a laptop.
    const laptop = await browser.newContext()
    const laptopPage = await laptop.newPage()
    await logIn(laptopPage, EMAIL, PASSWORD, 'de')

    try {
      await inBrowser('account settings journey', async (page) => {
        await logIn(page, EMAIL, PASSWORD, 'de')

        // From the user menu to the settings.
        await page.getByTestId('user-menu').click()
        await Promise.all([
          page.waitForURL(/\/my\/account$/),
          page
            .getByTestId('user-menu')
            .getByRole('link', { name: de.t('common.nav.my_account') })
            .click(),
        ])
        await page.getByTestId('profile-form').waitFor()
        assert.equal(
          await page.locator('h1').textContent(),
          de.t('page.account.title'),
          'the page is in German'
        )

        // The name.
        const profile = page.getByTestId('profile-form')
        await profile.locator('[name="firstName"]').fill('')
        await profile.getByRole('button').click()
        await profile.locator('[data-error-for="firstName"]').waitFor()
        assert.include(
          await profile.locator('[data-error-for="firstName"]').textContent(),
          'Vorname'
        )
        await profile.locator('[name="firstName"]').fill('Jonas Karl')
        await profile.locator('[name="nickName"]').fill('jk')
        await profile.getByRole('button').click()
        await toast(page, de.t('page.account.profile_saved'))
        assert.include(await page.getByTestId('user-menu').textContent(), 'Jonas Karl')
        await member.refresh()
        assert.equal(member.firstName, 'Jonas Karl')
        assert.equal(member.nickName, 'jk')

        // The password: a wrong current one is refused under its field.
        const password = page.getByTestId('password-form')
        await password.locator('[name="currentPassword"]').fill('not my password')
        await password.locator('[name="password"]').fill(NEW_PASSWORD)
        await password.locator('[name="password_confirmation"]').fill(NEW_PASSWORD)
        await password.getByRole('button').click()
        await password.locator('[data-error-for="currentPassword"]').waitFor()
        assert.equal(
          await password.locator('[data-error-for="currentPassword"]').textContent(),
          de.t('validator.shared.messages.wrongPassword')
        )
        // No other form shows that error.
        assert.equal(await page.locator('[data-error-for="currentPassword"]').count(), 1)
        await password.locator('[name="currentPassword"]').fill(PASSWORD)
        await password.locator('[name="password"]').fill(NEW_PASSWORD)
        await password.locator('[name="password_confirmation"]').fill(NEW_PASSWORD)
        await password.getByRole('button').click()
        await toast(page, de.t('page.account.password_saved'))
        await member.refresh()
        assert.isTrue(await hash.verify(member.password!, NEW_PASSWORD))

        // This browser stays logged in; the laptop is logged out.
        await visit(page, siteUrl('/my/account', 'de'))
        await page.getByTestId('profile-form').waitFor()
        await laptopPage.goto(siteUrl('/my/petitions', 'de'))
        assert.match(laptopPage.url(), /\/login/)

        // The e-mail: nothing changes until the mailed link is followed.
        const email = page.getByTestId('email-form')
        await email.locator('[name="email"]').fill(NEW_EMAIL)
        await email.locator('[name="currentPassword"]').fill(NEW_PASSWORD)
        await email.getByRole('button').click()
        await page.getByTestId('pending-email').waitFor()
        assert.include(await page.getByTestId('pending-email').textContent(), NEW_EMAIL)
        assert.equal(await page.getByTestId('current-email').textContent(), EMAIL)
        const [notice] = await outbox.to(EMAIL)
        assert.equal(
          notice.subject,
          de.t('mail.account_email_notice.subject', { appName: 'Undersign' })
        )
        const [confirmation] = await outbox.to(NEW_EMAIL)
        assert.equal(
          confirmation.subject,
          de.t('mail.account_email_confirm.subject', { appName: 'Undersign' })
        )
        await visit(page, linkIn(confirmation.html, '/email/confirm'))
        assert.equal(
          (await User.findOrFail(member.id)).email,
          EMAIL,
          'opening the link changes nothing'
        )
        await Promise.all([
          page.waitForURL(/\/my\/account$/),
          page.getByTestId('confirm-email-change').click(),
        ])
        await toast(page, de.t('page.account.email_changed', { email: NEW_EMAIL }))
        assert.equal(await page.getByTestId('current-email').textContent(), NEW_EMAIL)
        assert.equal(await page.getByTestId('pending-email').count(), 0)

        // The data, as one file.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('account-export').click(),
        ])
        assert.match(download.suggestedFilename(), /^undersign-account-\d{4}-\d{2}-\d{2}\.json$/)
        const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
        assert.equal(data.account.email, NEW_EMAIL)
        assert.equal(data.account.firstName, 'Jonas Karl')
        assert.deepEqual(
          data.petitions.map((item: { title: string }) => item.title),
          ['Ein Park für alle']
        )

        // Leaving: the password and the tick, then the home page, logged out.
        const deletion = page.getByTestId('deletion-form')
        await deletion.locator('[name="currentPassword"]').fill(NEW_PASSWORD)
        await deletion.getByRole('button').click()
        await deletion.locator('[data-error-for="understood"]').waitFor()
        await deletion.getByLabel(de.t('page.account.delete_understood')).check()
        await deletion.locator('[name="currentPassword"]').fill(NEW_PASSWORD)
        await Promise.all([
          page.waitForURL(siteUrl('/', 'de')),
          deletion.getByRole('button', { name: de.t('page.account.delete_button') }).click(),
        ])
        await toast(page, de.t('page.account.deleted'))
        assert.equal(await page.getByTestId('user-menu').count(), 0)
        assert.isNull(await User.find(member.id))

        // The petition stays, under a deleted user.
        await visit(page, siteUrl(`/petition/${petition.slug}`, 'de'))
        await page.getByTestId('petition-description').waitFor()
        assert.include(
          await page.getByTestId('petition-description').textContent(),
          de.t('page.account.petition_by_deleted_user')
        )

        // The old password no longer logs anyone in.
        await visit(page, siteUrl('/login', 'de'))
        const login = page.getByTestId('login-form')
        await login.locator('[name="email"]').fill(NEW_EMAIL)
        await login.locator('[name="password"]').fill(NEW_PASSWORD)
        await login.getByRole('button').click()
        await page.getByTestId('messages').waitFor()
        assert.match(page.url(), /\/login$/)
      })
    } finally {
      await laptop.close()
    }
  })

  test('by keyboard: the menu leads to the settings, whose forms work without a mouse', async ({
    assert,
  }) => {
    const member = await makeMember({ email: EMAIL, firstName: 'Jonas' })
    await inBrowser('account settings by keyboard', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'de')

      // The user menu opens with Enter; the arrows reach the settings.
      await page.locator('#user-menu').focus()
      await page.keyboard.press('Enter')
      const label = de.t('common.nav.my_account')
      for (let step = 0; step < 5 && (await page.evaluate(FOCUSED_TEXT)) !== label; step++) {
        await page.keyboard.press('ArrowDown')
      }
      assert.equal(await page.evaluate(FOCUSED_TEXT), label)
      await Promise.all([page.waitForURL(/\/my\/account$/), page.keyboard.press('Enter')])
      await page.getByTestId('profile-form').waitFor()

      // The nickname, typed and saved with Enter.
      await tabTo(page, '#profile-nickName')
      await page.keyboard.type('jonny')
      await page.keyboard.press('Enter')
      await toast(page, de.t('page.account.profile_saved'))
      await member.refresh()
      assert.equal(member.nickName, 'jonny')

      // The deletion form: the tick with Space, the button with Enter; without the password it refuses.
      await tabTo(page, '#deletion-understood')
      await page.keyboard.press('Space')
      assert.isTrue(await page.locator('#deletion-understood').isChecked())
      await tabTo(page, '[data-testid="deletion-form"] button[type="submit"]')
      await page.keyboard.press('Enter')
      await page.locator('[data-error-for="currentPassword"]').waitFor()
      assert.equal(
        await page.evaluate(`document.activeElement?.id`),
        'deletion-currentPassword',
        'the focus goes to the field to fix'
      )
      assert.isNotNull(await User.find(member.id))
    })
  })

  test('an account without a password deletes itself from the mailed link', async ({ assert }) => {
    const member = await makeMember({ email: EMAIL, githubId: '42' })
    await inBrowser('account deletion by link', async (page) => {
      // Such a member logs in through GitHub; here a password logs the browser in, then goes.
      await logIn(page, EMAIL, PASSWORD, 'de')
      await db.from('users').where('id', member.id).update({ password: null })

      await visit(page, siteUrl('/my/account', 'de'))
      assert.equal(await page.getByTestId('password-form').count(), 0)
      await page.getByTestId('deletion-link').click()
      await toast(page, de.t('page.account.delete_link_sent', { email: EMAIL }))
      const [linkMail] = await outbox.to(EMAIL)
      await visit(page, linkIn(linkMail.html, '/delete'))
      assert.isNotNull(await User.find(member.id), 'opening the link deletes nothing')
      await Promise.all([
        page.waitForURL(siteUrl('/', 'de')),
        page.getByTestId('confirm-deletion').click(),
      ])
      await toast(page, de.t('page.account.deleted'))
      assert.isNull(await User.find(member.id))
      assert.equal(await page.getByTestId('user-menu').count(), 0)
    })
  })
})
