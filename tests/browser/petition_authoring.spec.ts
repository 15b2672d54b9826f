import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Petition from '#models/petition'
import { UserFactory } from '#database/factories/user_factory'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { fixture, jpegWithGps } from '#tests/helpers/images'
import { MAX_LETTERS, MAX_VIDEOS } from '#shared/petitions/constants'

const EMAIL = 'author@example.com'
const PASSWORD = 'violet-river-3141'

test.group('Browser: petition authoring', (group) => {
  browserJourneys(group)

  test('a member creates a petition with every kind of content, then edits it', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD, firstName: 'Iryna' }).create()
    const photoPath = await fixture('petition-photo.jpg', await jpegWithGps(900, 600))

    await inBrowser('petition authoring', async (page) => {
      await visit(page, siteUrl('/login'))
      await page.getByTestId('login-form').locator('[name="email"]').fill(EMAIL)
      await page.getByTestId('login-form').locator('[name="password"]').fill(PASSWORD)
      await Promise.all([
        page.waitForURL(/\/my\/petitions$/),
        page.getByTestId('login-form').getByRole('button').click(),
      ])

      await visit(page, siteUrl('/petition/create'))
      const form = page.getByTestId('petition-form')
      await form.locator('[name="title"]').fill('Save the Shevchenko park')
      await form.locator('[name="target"]').fill('Kyiv City Council')
      assert.equal(
        await page.locator('[data-counter-for="title"]').textContent(),
        String(128 - 'Save the Shevchenko park'.length)
      )
      await page.locator('[data-template="forest"]').click()

      // Bold text in the description.
      await page.locator('.ProseMirror').click()
      await page.keyboard.type('Our park needs ')
      await page.keyboard.press('Control+b')
      await page.keyboard.type('you')
      await page.keyboard.press('Control+b')
      await page.keyboard.type(' now.')

      // One photo: uploading, then filled.
      await page.getByTestId('photo-input-0').setInputFiles(photoPath)
      await page
        .locator('[data-testid="photo-slot-0"][data-state="filled"]')
        .waitFor({ timeout: 15000 })

      await form.locator('[name="videos.0.title"]').fill('The park today')
      await form
        .locator('[name="videos.0.url"]')
        .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')

      await form.locator('[name="letters.0.recipients.0.name"]').fill('Ivan Petrenko')
      await form.locator('[name="letters.0.recipients.0.payload"]').fill('Mayor')
      await page.getByTestId('letter-0').getByRole('button', { name: 'Add a recipient' }).click()
      await form.locator('[name="letters.0.recipients.1.name"]').fill('Olha Bondar')
      await form
        .locator('[name="letters.0.payload"]')
        .fill('Dear members of the council,\nplease keep the park.')

      await page.getByRole('button', { name: 'Add a field' }).click()
      await form.locator('[name="customFields.0.title"]').fill('District')
      await page.locator('#custom-0-required').check()

      await Promise.all([
        page.waitForURL(/\/petition\/[0-9a-f-]+\/edit$/),
        page.getByTestId('petition-submit').click(),
      ])
      await page.locator('.Toastify__toast--success').waitFor()

      const petition = await Petition.query()
        .preload('media')
        .preload('letters', (letters) => letters.preload('recipients'))
        .preload('customFields')
        .firstOrFail()
      assert.equal(petition.title, 'Save the Shevchenko park')
      assert.include(petition.description, '<strong>you</strong>')
      assert.equal(
        petition.media.find((media) => media.type === 'banner')?.url,
        '/banner-templates/forest.jpg'
      )
      assert.lengthOf(
        petition.media.filter((media) => media.type === 'photo'),
        1
      )
      assert.equal(
        petition.media.find((media) => media.type === 'video')?.url,
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
      )
      assert.sameMembers(
        petition.letters[0].recipients.map((recipient) => recipient.name),
        ['Ivan Petrenko', 'Olha Bondar']
      )
      assert.isTrue(petition.customFields[0].required)

      // It shows on My petitions; from there, edit it and add an update dated today.
      await visit(page, siteUrl('/my/petitions'))
      const card = page.getByTestId('my-petition-card')
      assert.include(await card.textContent(), 'Save the Shevchenko park')
      await Promise.all([
        page.waitForURL(/\/edit$/),
        card.getByRole('link', { name: 'Edit' }).click(),
      ])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      assert.equal(await page.getByTestId('petition-submit').textContent(), 'Save')

      await page.getByRole('button', { name: 'Add updates' }).click()
      const updates = page.getByTestId('updates-section')
      await updates.locator('[name="updates.0.title"]').fill('Signatures delivered')
      await updates.locator('[name="updates.0.description"]').fill('We met the council today.')
      await page.getByTestId('petition-submit').click()
      await page.locator('.Toastify__toast--success').last().waitFor()
      await page.waitForTimeout(300)

      await petition.load('updates')
      assert.lengthOf(petition.updates, 1)
      assert.equal(petition.updates[0].title, 'Signatures delivered')
      assert.equal(petition.updates[0].happenedOn.toISODate(), DateTime.now().toISODate())
    })
  })

  test('a failed submit keeps what was typed and scrolls to the first error', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    await inBrowser('petition form errors', async (page) => {
      await visit(page, siteUrl('/login', 'fr'))
      await page.getByTestId('login-form').locator('[name="email"]').fill(EMAIL)
      await page.getByTestId('login-form').locator('[name="password"]').fill(PASSWORD)
      await Promise.all([
        page.waitForURL(/\/my\/petitions$/),
        page.getByTestId('login-form').getByRole('button').click(),
      ])

      await visit(page, siteUrl('/petition/create', 'fr'))
      const form = page.getByTestId('petition-form')
      await form.locator('[name="target"]').fill('Conseil municipal')
      await form.locator('[name="videos.0.url"]').fill('https://evil.example/video.mp4')
      await page.getByTestId('petition-submit').click()

      const titleError = form.locator('[data-error-for="title"]')
      await titleError.waitFor()
      assert.isNotEmpty(await titleError.textContent())
      assert.isNotEmpty(await form.locator('[data-error-for="videos.0.url"]').textContent())
      assert.equal(await form.locator('[name="target"]').inputValue(), 'Conseil municipal')
      assert.equal(
        await form.locator('[name="videos.0.url"]').inputValue(),
        'https://evil.example/video.mp4'
      )
      assert.lengthOf(await Petition.all(), 0)

      // The first error sits about 140 px below the top of the window.
      await page.waitForFunction(
        `Math.abs(document.querySelector('[name="title"]').getBoundingClientRect().top - 140) < 120`
      )
    })
  })

  test('"add video" and "add a letter" stop at the maximum of their list', async ({ assert }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    await inBrowser('petition list maximums', async (page) => {
      await visit(page, siteUrl('/login'))
      await page.getByTestId('login-form').locator('[name="email"]').fill(EMAIL)
      await page.getByTestId('login-form').locator('[name="password"]').fill(PASSWORD)
      await Promise.all([
        page.waitForURL(/\/my\/petitions$/),
        page.getByTestId('login-form').getByRole('button').click(),
      ])
      await visit(page, siteUrl('/petition/create'))

      const lists = [
        { section: 'videos-section', add: 'Add video', entry: '[name$=".url"]', max: MAX_VIDEOS },
        {
          section: 'letters-section',
          add: 'Add a letter',
          entry: '[data-testid^="letter-"]',
          max: MAX_LETTERS,
        },
      ]
      for (const { section, add, entry, max } of lists) {
        const list = page.getByTestId(section)
        const button = list.getByRole('button', { name: add, exact: true })
        while ((await list.locator(entry).count()) < max) {
          assert.isTrue(await button.isEnabled(), `${add} is enabled below ${max}`)
          await button.click()
        }
        assert.equal(await list.locator(entry).count(), max)
        assert.isTrue(await button.isDisabled(), `${add} is disabled at ${max}`)
      }
    })
  })
})
