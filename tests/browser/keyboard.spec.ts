import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import Petition from '#models/petition'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { tabTo } from '#tests/helpers/keyboard'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

const uk = i18nManager.locale('uk')

// Browser-side expressions are strings: the tests compile without the DOM types.
const FOCUS_IN_DIALOG = `document.querySelector('.swal2-popup')?.contains(document.activeElement) ?? false`
const FOCUS_ON_PAGE = `document.activeElement !== null && document.activeElement !== document.body`
const FOCUSED_ID = `document.activeElement?.id`

/**
 * The focused element shows where it is: an outline (any style but none, a
 * width above 0) or a box shadow, as a sighted keyboard user needs.
 */
function focusIsVisible(page: Page) {
  return page.evaluate<boolean>(`(() => {
    const element = document.activeElement
    if (!element || element === document.body) return false
    const style = getComputedStyle(element)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    return outline || style.boxShadow !== 'none'
  })()`)
}

const focusInsideDialog = (page: Page) => page.evaluate<boolean>(FOCUS_IN_DIALOG)

test.group('Browser: keyboard only', (group) => {
  browserJourneys(group)

  test('a guest signs a petition in Ukrainian with the keyboard only, through the almost-done dialog', async ({
    assert,
  }) => {
    // Every section, so that the walk crosses the whole page to the sign form.
    const petition = await PetitionFactory.apply('published', 'withEverySection')
      .merge({ title: 'Збережемо парк Шевченка' })
      .with('user')
      .create()
    await inBrowser('keyboard signing', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'uk'))

      // The first Tab reaches the skip link, shown once focused; Enter jumps to the main content.
      await page.keyboard.press('Tab')
      const skipLink = page.locator('a[href="#main-content"]')
      assert.equal(await skipLink.textContent(), uk.t('common.skip_to_content'))
      assert.equal(
        await page.evaluate(`document.activeElement?.getAttribute('href')`),
        '#main-content'
      )
      assert.isAbove((await skipLink.boundingBox())?.width ?? 0, 24, 'the skip link shows')
      assert.isTrue(await focusIsVisible(page), 'skip link focus')
      await page.keyboard.press('Enter')
      await page.waitForFunction(`${FOCUSED_ID} === 'main-content'`)

      const fields = [
        ['[name="firstName"]', 'Олена'],
        ['[name="lastName"]', 'Коваль'],
        ['[name="email"]', 'olena.koval@example.org'],
        ['[name="comment"]', 'Парк потрібен нашим дітям і всьому місту.'],
        ['[name="customFields.0.value"]', 'Поділ'],
      ]
      for (const [selector, text] of fields) {
        await tabTo(page, selector)
        assert.isTrue(await focusIsVisible(page), `focus shows on ${selector}`)
        await page.keyboard.type(text)
      }
      // Space switches "sign privately" on.
      await tabTo(page, '#field-private')
      assert.isTrue(await focusIsVisible(page), 'focus shows on the switch')
      await page.keyboard.press('Space')
      assert.isTrue(await page.locator('#field-private').isChecked())

      await tabTo(page, '[data-testid="sign-submit"]')
      assert.isTrue(await focusIsVisible(page), 'focus shows on the submit button')
      await page.keyboard.press('Enter')

      // The "almost done" dialog takes the focus and keeps it while tabbing.
      const dialog = page.locator('.swal2-popup')
      await dialog
        .locator('.swal2-title', { hasText: uk.t('page.petition_page.almost_done_title') })
        .waitFor()
      await page.waitForFunction(FOCUS_IN_DIALOG)
      assert.isTrue(await focusIsVisible(page), 'focus shows in the dialog')
      for (let press = 0; press < 4; press++) {
        await page.keyboard.press('Tab')
        assert.isTrue(await focusInsideDialog(page), `Tab ${press + 1} stays in the dialog`)
      }
      await page.keyboard.press('Shift+Tab')
      assert.isTrue(await focusInsideDialog(page), 'Shift+Tab stays in the dialog')

      // Escape closes it; the page waits for the confirmation.
      await page.locator('.swal2-confirm:focus').waitFor()
      // Its button wears the site's main-action colour, not the dialog library's own.
      const siteColours = await page.evaluate(`(() => {
        const probe = Object.assign(document.createElement('button'), { className: 'btn btn-primary' })
        document.body.append(probe)
        const colour = getComputedStyle(probe).getPropertyValue('--bs-btn-bg')
        probe.remove()
        return [colour, getComputedStyle(document.querySelector('.swal2-confirm')).getPropertyValue('--bs-btn-bg')]
      })()`)
      assert.equal((siteColours as string[])[1], (siteColours as string[])[0])
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      await page.getByTestId('signature-pending').waitFor()

      // Focus is back on the page, on the signature's new state, and Tab goes on from there.
      await page.waitForFunction(FOCUS_ON_PAGE, undefined, { timeout: 5000 })
      assert.equal(await page.evaluate(FOCUSED_ID), 'sign-this-petition-title')
      await page.keyboard.press('Tab')
      assert.isTrue(
        await page.evaluate<boolean>(
          `document.getElementById('main-content').contains(document.activeElement)`
        ),
        'the next Tab stays in the main content'
      )
    })

    const [row] = await signatureRows(petition)
    assert.equal(row.email, 'olena.koval@example.org')
    assert.equal(row.comment, 'Парк потрібен нашим дітям і всьому місту.')
    assert.isTrue(Boolean(row.private))
  })

  test('a member logs in and creates a petition with the keyboard only, rich text included', async ({
    assert,
  }) => {
    const member = await makeMember({ email: 'author@example.com' })
    await inBrowser('keyboard authoring', async (page) => {
      await visit(page, siteUrl('/login'))
      await tabTo(page, '[data-testid="login-form"] [name="email"]')
      assert.isTrue(await focusIsVisible(page), 'focus shows on the e-mail field')
      await page.keyboard.type(member.email)
      await tabTo(page, '[data-testid="login-form"] [name="password"]')
      await page.keyboard.type(PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), page.keyboard.press('Enter')])

      await visit(page, siteUrl('/petition/create'))
      await tabTo(page, '[name="title"]')
      assert.isTrue(await focusIsVisible(page), 'focus shows on the title')
      await page.keyboard.type('Save the Shevchenko park')
      await tabTo(page, '[name="target"]')
      await page.keyboard.type('Kyiv City Council')

      // A banner template, chosen with Space.
      await tabTo(page, '[data-template="forest"]')
      assert.isTrue(await focusIsVisible(page), 'focus shows on the banner template')
      await page.keyboard.press('Space')
      await page.getByTestId('banner-preview').waitFor()
      assert.equal(
        await page.locator('[data-template="forest"]').getAttribute('aria-pressed'),
        'true'
      )

      // The toolbar buttons come before the text: Tab reaches Bold, then the text itself.
      await tabTo(page, '[data-testid="description-editor"] button[aria-pressed]')
      assert.isTrue(await focusIsVisible(page), 'focus shows on the toolbar')
      await tabTo(page, '.ProseMirror')
      assert.isTrue(await focusIsVisible(page), 'focus shows in the rich-text editor')
      await page.keyboard.type('Our park needs ')
      await page.keyboard.press('Control+b')
      await page.keyboard.type('you')
      await page.keyboard.press('Control+b')
      await page.keyboard.type(' now.')

      // A topic, ticked with Space.
      await tabTo(page, '#topic-environment', 150)
      await page.keyboard.press('Space')
      await tabTo(page, '[data-testid="petition-submit"]', 150)
      assert.isTrue(await focusIsVisible(page), 'focus shows on the save button')
      await Promise.all([page.waitForURL(/\/petition\/[^/]+$/), page.keyboard.press('Enter')])
      await page.locator('.Toastify__toast--success').waitFor()
    })

    const petition = await Petition.query().preload('media').firstOrFail()
    assert.equal(petition.title, 'Save the Shevchenko park')
    assert.equal(petition.target, 'Kyiv City Council')
    assert.include(petition.description, 'Our park needs <strong>you</strong> now.')
    assert.equal(
      petition.media.find((media) => media.type === 'banner')?.url,
      '/banner-templates/forest.jpg'
    )
  })
})
