import { test } from '@japa/runner'
import { writtenDay } from '#shared/day_formats'
import { DateTime } from 'luxon'
import Petition from '#models/petition'
import { UserFactory } from '#database/factories/user_factory'
import { PetitionFactory } from '#database/factories/petition_factory'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { fixture, jpegWithGps, pngWithExif } from '#tests/helpers/images'
import { MAX_LETTERS, MAX_VIDEOS } from '#shared/petitions/constants'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'

const fr = i18nManager.locale('fr')
const EMAIL = 'author@example.com'
const PASSWORD = 'violet-river-3141'

/** Fills what a new petition needs, on the create form. */
async function fillPetition(page: Page, title: string, target: string) {
  const form = page.getByTestId('petition-form')
  await form.locator('[name="title"]').fill(title)
  await form.locator('[name="target"]').fill(target)
  await page.locator('[data-template="forest"]').click()
  await page.locator('.ProseMirror').click()
  await page.keyboard.type(`${title}.`)
  // A petition names one topic at least.
  await page.locator('#topic-environment').check()
}

/** Whether a blob: URL still names a file (a revoked one names none). */
const blobAlive = (page: Page, url: string) =>
  page.evaluate(`fetch(${JSON.stringify(url)}).then(() => true, () => false)`)

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
        `${'Save the Shevchenko park'.length} / 128`
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
      await page.locator('#topic-environment').check()

      // Creating publishes it: the save lands on its live page, with the first-share panel.
      await Promise.all([
        page.waitForURL(/\/petition\/[^/]+$/),
        page.getByTestId('petition-submit').click(),
      ])
      await page.locator('.Toastify__toast--success').waitFor()
      await page.getByTestId('first-share').waitFor()

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

      // It shows on My petitions; from there, edit it and add an update dated yesterday.
      await visit(page, siteUrl('/my/petitions'))
      const card = page.getByTestId('my-petition-card')
      assert.include(await card.textContent(), 'Save the Shevchenko park')
      await Promise.all([
        page.waitForURL(/\/edit$/),
        card.getByRole('link', { name: 'Edit' }).click(),
      ])
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      assert.equal(await page.getByTestId('petition-submit').textContent(), 'Save')
      assert.equal(await page.locator('h1').textContent(), 'Edit “Save the Shevchenko park”')

      await page.getByRole('button', { name: 'Add an update' }).click()
      const updates = page.getByTestId('updates-section')
      await updates.locator('[name="updates.0.title"]').fill('Signatures delivered')
      await updates.locator('[name="updates.0.description"]').fill('We met the council today.')
      // Its day is today, written the way the page's language writes days; typing another works too.
      const day = updates.locator('[name="updates.0.createdAt"]')
      const today = DateTime.now().toISODate()!
      const yesterday = DateTime.now().minus({ days: 1 }).toISODate()!
      assert.equal(await day.inputValue(), writtenDay('en', today))
      assert.equal(await day.getAttribute('placeholder'), 'dd/mm/yyyy')
      await day.fill(writtenDay('en', yesterday))
      await page.keyboard.press('Escape')
      // The save of a published petition lands on its page, as readers now see it.
      await Promise.all([
        page.waitForURL(/\/petition\/save-the-shevchenko-park$/),
        page.getByTestId('petition-submit').click(),
      ])
      await page
        .locator('.Toastify__toast--success', { hasText: 'Your changes are saved.' })
        .waitFor()
      await page.getByTestId('update-item').getByText('Signatures delivered').waitFor()

      await petition.load('updates')
      assert.lengthOf(petition.updates, 1)
      assert.equal(petition.updates[0].title, 'Signatures delivered')
      assert.equal(petition.updates[0].happenedOn.toISODate(), yesterday)
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
        { section: 'videos-section', add: 'Add a video', entry: '[name$=".url"]', max: MAX_VIDEOS },
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

  test('two photos uploaded at once each end in their own slot, with a preview and a spinner, and are saved', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    const first = await fixture('first-photo.jpg', await jpegWithGps(900, 600))
    const second = await fixture('second-photo.png', await pngWithExif(600, 900))

    await inBrowser('two photos at once', async (page) => {
      await logIn(page, EMAIL, PASSWORD)
      await visit(page, siteUrl('/petition/create'))
      await fillPetition(page, 'Benches for the river walk', 'City Council')

      const startedAt = Date.now()
      await Promise.all([
        page.getByTestId('photo-input-1').setInputFiles(first),
        page.getByTestId('photo-input-3').setInputFiles(second),
      ])
      // While they go up: each slot shows its own file, and a spinner.
      const previews: string[] = []
      for (const index of [1, 3]) {
        const slot = page.locator(`[data-testid="photo-slot-${index}"][data-state="uploading"]`)
        await slot.waitFor()
        previews.push((await slot.getByTestId(`photo-preview-${index}`).getAttribute('src'))!)
        assert.isTrue(await slot.getByRole('status').isVisible())
      }
      assert.match(previews[0], /^blob:/)
      assert.notEqual(previews[0], previews[1])

      for (const index of [1, 3]) {
        await page
          .locator(`[data-testid="photo-slot-${index}"][data-state="filled"]`)
          .waitFor({ timeout: 15000 })
      }
      assert.isAtLeast(Date.now() - startedAt, 1000, 'the spinner stays a second at least')
      for (const index of [0, 2]) {
        assert.equal(
          await page.getByTestId(`photo-slot-${index}`).getAttribute('data-state'),
          'empty'
        )
      }
      // The previews are released once the server's pictures show.
      for (const preview of previews) assert.isFalse(await blobAlive(page, preview))

      await Promise.all([
        page.waitForURL(/\/petition\/[^/]+$/),
        page.getByTestId('petition-submit').click(),
      ])
      const petition = await Petition.query().preload('media').firstOrFail()
      assert.lengthOf(
        petition.media.filter((media) => media.type === 'photo'),
        2
      )
      // Back in the form, the slots hold the saved pictures.
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`))
      assert.equal(
        await page.locator('[data-testid^="photo-slot-"][data-state="filled"]').count(),
        2
      )
    })
  })

  test('topics stop at three, the region waits for a country, and the page links to their lists', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    await inBrowser('petition topics and place', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'fr')
      await visit(page, siteUrl('/petition/create', 'fr'))
      await fillPetition(page, 'Des bancs au bord du canal', 'Mairie de Lyon')

      // No topic: the server's error under the list, tied to each box.
      await page.locator('#topic-environment').uncheck()
      await page.getByTestId('petition-submit').click()
      const error = page.locator('[data-error-for="topics"]')
      await error.waitFor()
      assert.equal(await error.textContent(), 'Veuillez choisir au moins un thème')
      const environment = page.locator('#topic-environment')
      assert.equal(await environment.getAttribute('aria-invalid'), 'true')
      assert.include(await environment.getAttribute('aria-describedby'), 'topics-error')

      // Three at most: the others are disabled, the hint says why, a ticked one can go.
      for (const topic of ['environment', 'transport', 'local-community']) {
        await page.locator(`#topic-${topic}`).check()
      }
      const health = page.locator('#topic-health')
      assert.isTrue(await health.isDisabled())
      assert.include(await health.getAttribute('aria-describedby'), 'topics-full')
      assert.equal(
        await page.getByTestId('topics-full').textContent(),
        fr.t('page.petition.topics_full')
      )
      await page.locator('#topic-transport').uncheck()
      assert.isTrue(await health.isEnabled())
      assert.equal(await page.getByTestId('topics-full').textContent(), '')
      await page.locator('#topic-transport').check()

      // The region or city only within a country, named in French.
      const region = page.locator('#petition-region')
      assert.isTrue(await region.isDisabled())
      const country = page.locator('#petition-country')
      assert.equal(
        await country.locator('option').first().textContent(),
        fr.t('page.petition.country_any')
      )
      await country.selectOption({ label: 'France' })
      assert.isTrue(await region.isEnabled())
      assert.equal(await region.getAttribute('maxlength'), '100')
      await region.fill('Lyon')
      assert.deepEqual(
        describeViolations(
          'topics section',
          await seriousViolations(page, '[data-testid="topics-section"]')
        ),
        []
      )

      await Promise.all([
        page.waitForURL(/\/petition\/[^/]+$/),
        page.getByTestId('petition-submit').click(),
      ])
      const petition = await Petition.firstOrFail()
      assert.deepEqual(petition.topics, ['environment', 'local-community', 'transport'])
      assert.equal(petition.country, 'FR')
      assert.equal(petition.region, 'Lyon')

      // The header names them, each a link to its list, at least 24 px high.
      const header = page.getByTestId('petition-header')
      const topics = header
        .getByRole('list', { name: fr.t('page.topics.list_label') })
        .getByRole('link')
      await topics.first().waitFor()
      assert.deepEqual(await topics.allTextContents(), [
        'Environnement',
        'Vie locale',
        'Transports',
      ])
      assert.equal(await topics.first().getAttribute('href'), '/petitions?topic=environment')
      assert.isAtLeast((await topics.first().boundingBox())!.height, 24)
      const place = header.getByTestId('petition-place')
      assert.equal(await place.locator('dd').textContent(), 'Lyon, France')
      const countryLink = place.getByRole('link', { name: 'France' })
      assert.equal(await countryLink.getAttribute('href'), '/petitions?country=FR')
      assert.isAtLeast((await countryLink.boundingBox())!.height, 24)
      await page.getByTestId('first-share').waitFor()
      assert.deepEqual(
        describeViolations(
          'petition header',
          await seriousViolations(page, '[data-testid="petition-header"]')
        ),
        []
      )

      // Its card on the list too; a topic leads to the list of that topic.
      await visit(page, siteUrl('/petitions', 'fr'))
      const card = page.getByTestId('petition-card')
      await card.getByTestId('topic-badges').waitFor()
      assert.deepEqual(await card.getByRole('listitem').allTextContents(), [
        'Environnement',
        'Vie locale',
        'Transports',
      ])
      assert.include(await card.getByTestId('petition-place').textContent(), 'Lyon, France')
      assert.deepEqual(
        describeViolations(
          'petition card',
          await seriousViolations(page, '[data-testid="petition-card"]')
        ),
        []
      )
      await Promise.all([
        page.waitForURL(/\/petitions\?topic=local-community$/),
        card.getByRole('link', { name: 'Vie locale' }).click(),
      ])
    })
  })

  test("a refused picture empties its slot and shows the server's error under it, for the banner too", async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    const notAPicture = await fixture('not-a-picture.png', 'just some text, not a picture at all')
    const refused = i18nManager.locale('de').t('page.my.avatar_not_image')

    await inBrowser('refused pictures', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'de')
      await visit(page, siteUrl('/petition/create', 'de'))
      await page.locator('[data-template="forest"]').click()
      await page.getByTestId('banner-preview').waitFor()

      await Promise.all([
        page.getByTestId('photo-input-2').setInputFiles(notAPicture),
        page.getByTestId('banner-input').setInputFiles(notAPicture),
      ])
      const photoError = page.locator('[data-error-for="photos.2"]')
      const bannerError = page.getByTestId('banner-picker').locator('[data-error-for="banner"]')
      await photoError.waitFor()
      await bannerError.waitFor()
      assert.equal(await photoError.textContent(), refused)
      assert.equal(await bannerError.textContent(), refused)
      assert.equal(await page.getByTestId('photo-slot-2').getAttribute('data-state'), 'empty')
      assert.equal(await page.getByTestId('banner-preview').count(), 0)
      assert.equal(
        await page.locator('[data-template="forest"]').getAttribute('aria-pressed'),
        'false'
      )
      // The toast says it too, in German.
      await page.locator('.Toastify__toast--error').first().waitFor()
      assert.include(await page.locator('.Toastify__toast--error').first().textContent(), refused)
    })
  })

  test('a request left unanswered gives up after 10 s with a toast; the form keeps what was typed', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    const photo = await fixture('slow-photo.jpg', await jpegWithGps(600, 400))
    const timedOut = i18nManager.locale('es').t('common.request_timeout')

    await inBrowser('request time-out', async (page) => {
      // Timers the test moves on, instead of waiting 10 s of real time for each.
      await page.clock.install()
      await logIn(page, EMAIL, PASSWORD, 'es')
      await visit(page, siteUrl('/petition/create', 'es'))
      await fillPetition(page, 'Bancos para el paseo del río', 'Ayuntamiento')
      const form = page.getByTestId('petition-form')

      // An upload the server never answers: the slot empties, with a toast.
      await page.route('**/petition/*/media', () => {})
      await Promise.all([
        page.waitForRequest('**/petition/*/media'),
        page.getByTestId('photo-input-0').setInputFiles(photo),
      ])
      await page.clock.fastForward(10_000)
      const toast = page.locator('.Toastify__toast--error', { hasText: timedOut })
      await toast.first().waitFor()
      await page.locator('[data-testid="photo-slot-0"][data-state="empty"]').waitFor()

      // The form's own request: the same, and nothing typed is lost.
      await page.route('**/petition/*/create', () => {})
      await Promise.all([
        page.waitForRequest('**/petition/*/create'),
        page.getByTestId('petition-submit').click(),
      ])
      await page.clock.fastForward(10_000)
      await page.waitForFunction(
        `document.querySelectorAll('.Toastify__toast--error').length >= 2 &&
          !document.querySelector('[data-testid="petition-submit"]').disabled`
      )
      assert.include(await page.locator('.Toastify__toast--error').last().textContent(), timedOut)
      assert.equal(
        await form.locator('[name="title"]').inputValue(),
        'Bancos para el paseo del río'
      )
      assert.equal(await form.locator('[name="target"]').inputValue(), 'Ayuntamiento')
      assert.include(
        await page.locator('.ProseMirror').textContent(),
        'Bancos para el paseo del río.'
      )
      assert.isTrue(new URL(page.url()).pathname.endsWith('/petition/create'))
      assert.lengthOf(await Petition.all(), 0)

      // Once the server answers again, the same form saves.
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await Promise.all([
        page.waitForURL(/\/petition\/[^/]+$/),
        page.getByTestId('petition-submit').click(),
      ])
      assert.equal((await Petition.firstOrFail()).title, 'Bancos para el paseo del río')
    })
  })

  test('the edit form names its petition, in French; a draft saved from its foot returns to the top of its form', async ({
    assert,
  }) => {
    const author = await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    const draft = await PetitionFactory.merge({
      userId: author.id,
      title: 'Des arbres pour la cour de l’école',
      lang: 'fr',
    }).create()
    await inBrowser('edit a draft in French', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'fr')
      await visit(page, siteUrl(`/petition/${draft.guid}/edit`, 'fr'))
      const heading = fr.t('page.petition.edit_title', { title: draft.title })
      assert.equal(await page.locator('h1').textContent(), heading)
      assert.include(await page.title(), heading)
      // Saved from the button at the foot of the long form: the page starts again at its top.
      await page.getByTestId('petition-submit').scrollIntoViewIfNeeded()
      assert.isAbove(await page.evaluate<number>('window.scrollY'), 500)
      await page.getByTestId('petition-submit').click()
      await page
        .locator('.Toastify__toast--success', { hasText: fr.t('page.petition.saved') })
        .waitFor()
      assert.match(page.url(), /\/edit$/)
      await page.waitForFunction('window.scrollY === 0')
    })
  })
})
