import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import Petition from '#models/petition'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const WIDTHS = [375, 1280]
const en = i18nManager.locale('en')
const de = i18nManager.locale('de')

const viewport = (width: number) => ({ width, height: width < 768 ? 812 : 900 })

/** The serious WCAG 2.2 AA violations of the page as it is now, as lines. */
const violations = async (page: Page, where: string) =>
  describeViolations(where, await seriousViolations(page))

/** No part of the page reaches past the right edge of the window. */
const noHorizontalOverflow = (page: Page, width: number) =>
  page.evaluate<boolean>(`document.documentElement.scrollWidth <= ${width}`)

const box = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())!

test.group('Browser: the guided create form', (group) => {
  browserJourneys(group)

  for (const width of WIDTHS) {
    test(`tips, labelled add buttons, "0 / 128" counters, no news and a preview, at ${width} px`, async ({
      assert,
    }) => {
      const member = await makeMember({ firstName: 'Iryna', lastName: 'Koval' })
      await inBrowser(
        `guided create form ${width}`,
        async (page) => {
          await logIn(page, member.email, PASSWORD)
          await visit(page, siteUrl('/petition/create'))
          const form = page.getByTestId('petition-form')

          // A tip for the title, the target and the description, beside or under the field.
          for (const field of ['title', 'target', 'description'] as const) {
            const tip = page.getByTestId(`tip-${field}`)
            assert.isTrue(await tip.isVisible(), `the ${field} tip shows`)
            assert.include(
              await tip.textContent(),
              en.t(`page.petition_guide.${field}_tip_heading`)
            )
          }
          assert.equal(
            await form.locator('[name="title"]').getAttribute('aria-describedby'),
            'tip-title'
          )
          const field = await box(page, '[name="title"]')
          const tip = await box(page, '[data-testid="tip-title"]')
          if (width < 768) {
            assert.isAtLeast(tip.y, field.y + field.height, 'under the field on a phone')
          } else {
            assert.isAtLeast(tip.x, field.x + field.width, 'beside the field on a wide screen')
          }

          // Counters: typed of the limit.
          const counter = (name: string) =>
            page.locator(`[data-counter-for="${name}"]`).textContent()
          assert.equal(await counter('title'), '0 / 128')
          assert.equal(await counter('target'), '0 / 255')
          await form.locator('[name="title"]').fill('Shade trees for the schoolyard')
          assert.equal(await counter('title'), '30 / 128')

          // Every "+" button says what it adds.
          for (const name of ['Add a video', 'Add a recipient', 'Add a letter', 'Add a field']) {
            const button = page.getByRole('button', { name, exact: true })
            assert.equal(await button.count(), 1, name)
            assert.include(await button.textContent(), name)
            assert.isTrue(await button.isVisible(), `${name} is visible`)
          }
          await page.getByRole('button', { name: 'Add a field', exact: true }).click()
          await form.locator('[name="customFields.0.title"]').waitFor()

          // No news for a petition not published yet.
          assert.equal(await page.getByTestId('updates-section').count(), 0)
          assert.equal(
            await page.getByRole('button', { name: en.t('page.petition.add_update') }).count(),
            0
          )
          assert.isTrue(await noHorizontalOverflow(page, width))
          assert.deepEqual(await violations(page, `create form at ${width}`), [])

          // The preview: what was typed, as the petition page shows it; nothing saved.
          await form.locator('[name="target"]').fill('The school board of Riverside')
          await page.locator('[data-template="forest"]').click()
          await page.locator('.ProseMirror').click()
          await page.keyboard.type('The yard has ')
          await page.keyboard.press('Control+b')
          await page.keyboard.type('no shade')
          await page.keyboard.press('Control+b')
          await page.keyboard.type(' at all.')
          await page.getByRole('button', { name: en.t('page.petition_guide.preview') }).click()
          const preview = page.getByTestId('petition-preview')
          await preview.waitFor()
          await page.getByRole('dialog').waitFor()
          // The dialog fades in: its colours are checked once it is opaque.
          await page.waitForFunction(
            `getComputedStyle(document.querySelector('.modal.show')).opacity === '1'`
          )
          assert.equal(
            await preview.getByRole('heading', { level: 1 }).textContent(),
            'Shade trees for the schoolyard'
          )
          assert.include(
            await preview.getByTestId('petition-target').textContent(),
            'The school board of Riverside'
          )
          const description = preview.locator('.petition-description')
          assert.equal(await description.textContent(), 'The yard has no shade at all.')
          assert.equal(await description.locator('strong').textContent(), 'no shade')
          assert.include(
            await preview.getByTestId('petition-description').textContent(),
            'Iryna Koval'
          )
          assert.isTrue(await noHorizontalOverflow(page, width))
          assert.deepEqual(await violations(page, `create form preview at ${width}`), [])

          await page.getByTestId('preview-close').click()
          await page.getByRole('dialog').waitFor({ state: 'detached' })
          assert.equal(
            await form.locator('[name="title"]').inputValue(),
            'Shade trees for the schoolyard'
          )
          assert.lengthOf(await Petition.all(), 0, 'the preview saved nothing')
        },
        viewport(width)
      )
    })
  }

  test('in German the counters use German numbers; a draft has no news section, a published petition has', async ({
    assert,
  }) => {
    const member = await makeMember()
    const draft = await PetitionFactory.merge({ userId: member.id, published: false }).create()
    const published = await PetitionFactory.apply('published').merge({ userId: member.id }).create()

    await inBrowser(
      'guided form in German',
      async (page) => {
        await logIn(page, member.email, PASSWORD, 'de')
        await visit(page, siteUrl('/petition/create', 'de'))
        assert.equal(
          await page.locator('[data-counter-for="letters.0.payload"]').textContent(),
          '0 / 9.000'
        )
        assert.include(
          await page.getByTestId('tip-target').textContent(),
          de.t('page.petition_guide.target_tip_heading')
        )
        assert.equal(
          await page
            .getByRole('button', { name: de.t('page.petition.add_recipient'), exact: true })
            .count(),
          1
        )

        await visit(page, siteUrl(`/petition/${draft.guid}/edit`, 'de'))
        assert.equal(await page.getByTestId('updates-section').count(), 0)
        await visit(page, siteUrl(`/petition/${published.guid}/edit`, 'de'))
        await page.getByTestId('updates-section').waitFor()
        assert.equal(
          await page
            .getByRole('button', { name: de.t('page.petition.add_update'), exact: true })
            .count(),
          1
        )
      },
      viewport(375)
    )
  })
})

test.group('Browser: the owner reaches their numbers', (group) => {
  browserJourneys(group)

  for (const width of WIDTHS) {
    test(`My petitions shows the count and progress, and leads to the signatures, at ${width} px`, async ({
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published')
        .merge({ title: 'Shade trees for the schoolyard', targetSignatures: 200 })
        .with('user')
        .create()
      await insertSignatureRows(petition.id, 13)
      await recountSignatures(petition.id)

      await inBrowser(
        `my petitions numbers ${width}`,
        async (page) => {
          await logIn(page, petition.user.email, PASSWORD)
          const card = page.getByTestId('my-petition-card')
          assert.equal(
            (await card.getByTestId('my-petition-count').textContent())?.replace(/\s/g, ' '),
            en.t('page.show.signatures_of', { total: 13, target: 200 }).replace(/\s/g, ' ')
          )
          assert.equal(await card.getByRole('progressbar').getAttribute('aria-valuenow'), '6.5')
          assert.isTrue(await noHorizontalOverflow(page, width))
          assert.deepEqual(await violations(page, `my petitions at ${width}`), [])

          await Promise.all([
            page.waitForURL(new RegExp(`/petition/${petition.guid}/signatures$`)),
            card.getByRole('link', { name: en.t('page.my.manage_signatures') }).click(),
          ])
          await page.getByRole('heading', { name: en.t('page.signatures.title') }).waitFor()
          assert.equal(await page.getByTestId('signature-row').count(), 13)
        },
        viewport(width)
      )
    })

    test(`a removed signature shows "Removed" and "Restore", and the summary follows at once, at ${width} px`, async ({
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published', 'withCustomFields')
        .merge({ allowComments: true, targetSignatures: 100 })
        .with('user')
        .create()
      await insertSignatureRows(petition.id, 4, {
        comment: 'Our children play in the sun all afternoon, with no shade anywhere.',
      })
      const long = await SignatureFactory.merge({
        petitionId: petition.id,
        firstName: 'Maximiliane-Charlotte',
        lastName: 'Oberhausen-Wittgenstein',
        email: 'maximiliane.charlotte.oberhausen-wittgenstein@example-mail-provider.org',
        comment: 'A schoolyard without a single tree is a heat trap for six hours every day.',
      }).create()
      await recountSignatures(petition.id)
      const summary = (counted: number) =>
        en.t('page.signatures.summary', { total: 5, counted }).replace(/\s/g, ' ')

      await inBrowser(
        `removing and restoring ${width}`,
        async (page) => {
          await logIn(page, petition.user.email, PASSWORD)
          await visit(page, siteUrl(`/petition/${petition.guid}/signatures`))
          const summaryText = async () =>
            (await page.getByTestId('signatures-summary').textContent())?.replace(/\s/g, ' ')
          assert.equal(await summaryText(), summary(5))

          const row = page.locator(`[data-signature-id="${long.id}"]`)
          await row.getByTestId('signature-remove').click()
          await row.getByTestId('signature-removed').waitFor()
          assert.equal(
            await row.getByTestId('signature-removed').textContent(),
            en.t('page.signatures.removed')
          )
          const restore = row.getByTestId('signature-restore')
          assert.equal(await restore.textContent(), 'Restore')
          assert.notEqual(await restore.textContent(), 'OK')
          // The new figure is on the page that answered the click: no reload, no waiting.
          assert.equal(await summaryText(), summary(4))
          assert.isTrue(await noHorizontalOverflow(page, width))
          assert.deepEqual(await violations(page, `signatures with a removed row at ${width}`), [])

          if (width < 768) {
            // Each row a stacked card, its lines labelled.
            assert.equal(
              await page.evaluate<string>(
                `getComputedStyle(document.querySelector('[data-signature-id="${long.id}"]')).display`
              ),
              'block'
            )
            const card = (await row.boundingBox())!
            assert.isAtMost(card.x + card.width, width)
            // The cell's heading comes before its value ("Verified: Yes").
            assert.equal(
              await page.evaluate<string>(
                `getComputedStyle(document.querySelector('[data-signature-id="${long.id}"] td[data-label]'), '::before').content`
              ),
              `"${en.t('page.signatures.cell_label', { label: en.t('page.signatures.country') })} "`
            )
            // The headings stay for screen readers only.
            assert.isAtMost((await box(page, '.signatures-table thead')).height, 1)
          }

          await restore.click()
          await row.getByTestId('signature-remove').waitFor()
          assert.equal(await row.getByTestId('signature-removed').count(), 0)
          assert.equal(await summaryText(), summary(5))
        },
        viewport(width)
      )
    })
  }
})
