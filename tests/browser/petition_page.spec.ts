import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { UserFactory } from '#database/factories/user_factory'
import Petition from '#models/petition'

const es = i18nManager.locale('es')
const de = i18nManager.locale('de')
const fr = i18nManager.locale('fr')

const PHONE = { width: 375, height: 740 }
const DESKTOP = { width: 1280, height: 900 }
const WIDTHS = [PHONE, DESKTOP]

const spaces = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ')

async function assertAccessible(page: Page, where: string, assert: any, selector?: string) {
  const violations = await seriousViolations(page, selector)
  assert.deepEqual(describeViolations(where, violations), [])
}

/** Whether an element is, at least in part, inside the window. */
async function inViewport(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox()
  const height = page.viewportSize()!.height
  return box !== null && box.y < height && box.y + box.height > 0
}

test.group('Browser: the petition page asks for the signature', (group) => {
  browserJourneys(group)

  for (const viewport of WIDTHS) {
    test(`a Spanish guest signs, waits for the confirmation, confirms and counts (${viewport.width} px)`, async ({
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published', 'withEverySection')
        .merge({ title: 'Un parque para el barrio', allowComments: false, targetSignatures: 100 })
        .with('user')
        .create()
      // No custom fields to answer: the journey is about the layout.
      await petition.related('customFields').query().delete()
      const url = siteUrl(`/petition/${petition.slug}`, 'es')
      const email = `ana.garcia.${viewport.width}@example.org`

      await inBrowser(
        `spanish guest ${viewport.width}`,
        async (page) => {
          await visit(page, url)
          // Nobody signed yet: an invitation, not an empty bar's "0 %".
          const beFirst = page.getByTestId('be-first').locator('visible=true')
          assert.equal(await beFirst.textContent(), es.t('page.petition_page.be_first'))
          await assertAccessible(page, `guest, zero signatures, ${viewport.width}`, assert)
          const form = page.getByTestId('sign-form')
          const description = page.getByTestId('petition-description')

          if (viewport === PHONE) {
            // The form is far down; the bar at the bottom leads to it.
            assert.isFalse(await inViewport(page, 'sign-form'))
            const bar = page.getByTestId('sign-bar')
            assert.isTrue(await bar.isVisible())
            assert.include(await bar.textContent(), es.t('page.petition_page.sign_bar'))
            // Nobody yet: the bar invites to be the first.
            assert.equal(
              await bar.getByTestId('sign-bar-count').textContent(),
              es.t('page.petition_page.be_first')
            )
            // Every way to sign wears the one colour of the main action.
            const actionColours = await page.evaluate(`[
              '[data-testid="sign-bar"] a',
              '[data-testid="action-bar"] a[href="#sign-this-petition"]',
              '[data-testid="sign-submit"]',
            ].map((selector) => getComputedStyle(document.querySelector(selector)).getPropertyValue('--bs-btn-bg'))`)
            assert.lengthOf(new Set(actionColours as string[]), 1, String(actionColours))
            const barHeight = (await bar.boundingBox())!.height
            await bar.getByRole('link').click()
            // Focus is in the form, which is in view; the bar gives way.
            await page.waitForFunction(`document.activeElement?.name === 'firstName'`)
            assert.isTrue(await inViewport(page, 'sign-form'))
            await bar.waitFor({ state: 'hidden' })
            // The page keeps room under its end: the bar covers none of it.
            const room = await page.evaluate<number>(
              `parseFloat(getComputedStyle(document.body).paddingBottom)`
            )
            assert.isAtLeast(room, barHeight)
          } else {
            // Beside the sections, not under them, and no bar.
            assert.isFalse(await page.getByTestId('sign-bar').isVisible())
            const formBox = (await form.boundingBox())!
            const descriptionBox = (await description.boundingBox())!
            assert.isAbove(formBox.x, descriptionBox.x + descriptionBox.width / 2)
            assert.isAtMost(formBox.y, 900, 'the form is in the first screen')
            assert.isTrue(await inViewport(page, 'sign-box-count'))
            // It stays in view, under the site's header, while the sections scroll by.
            await page.evaluate(`window.scrollTo({ top: 900, behavior: 'instant' })`)
            assert.isAbove(await page.evaluate<number>('window.scrollY'), 800)
            // Its whole form, the button too, is in view: no scrolling inside the box.
            const sticky = (await page.getByTestId('sign-box').boundingBox())!
            assert.isAtMost(sticky.y + sticky.height, DESKTOP.height)
            assert.isTrue(await inViewport(page, 'sign-form'))
            assert.isTrue(await inViewport(page, 'sign-submit'))
            await form.locator('[name="firstName"]').focus()
          }

          await page.keyboard.type('Ana')
          await form.locator('[name="lastName"]').fill('García')
          await form.locator('[name="email"]').fill(email)
          await form.getByTestId('sign-submit').click()

          // Almost done: the inbox has the last step.
          const dialog = page.locator('.swal2-popup')
          await dialog
            .locator('.swal2-title', { hasText: es.t('page.petition_page.almost_done_title') })
            .waitFor()
          assert.include(await dialog.textContent(), email)
          await dialog.locator('.swal2-confirm').click()
          await dialog.waitFor({ state: 'detached' })

          const pending = page.getByTestId('signature-pending')
          await pending.waitFor()
          // In view, where the form was, with the focus on its heading.
          assert.isTrue(await inViewport(page, 'signature-pending'))
          await page.waitForFunction(
            `document.activeElement?.id === 'sign-this-petition-title'`,
            undefined,
            { timeout: 2000 }
          )
          assert.include(
            spaces(await pending.textContent()),
            spaces(es.t('page.petition_page.waiting', { email }))
          )
          assert.isTrue(
            await pending
              .getByRole('button', { name: es.t('page.petition_page.send_again') })
              .isVisible()
          )
          assert.isTrue(
            await pending
              .getByRole('button', { name: es.t('page.petition_page.wrong_address') })
              .isVisible()
          )
          // Who cannot sign any more has no bar.
          assert.equal(await page.getByTestId('sign-bar').count(), 0)
          await assertAccessible(page, `waiting for confirmation, ${viewport.width}`, assert)

          // The mailed link, then the page says the signature is confirmed, in view.
          const [mail] = await outbox.to(email)
          await visit(page, linkIn(mail.html, '/signature/'))
          await page.getByTestId('confirm-signature').click()
          await page.waitForURL(url)
          const counts = page.getByTestId('signature-counts')
          await counts.waitFor()
          await page.waitForFunction(`(() => {
          const box = document.querySelector('[data-testid="signature-counts"]').getBoundingClientRect()
          return box.top < window.innerHeight && box.bottom > 0
        })()`)
          assert.equal(
            await page.locator('#sign-this-petition h2').textContent(),
            es.t('page.petition_page.confirmed_title')
          )

          // The new count and how many are still needed, once the counters are flushed.
          await signatureCounter.flush()
          await visit(page, url)
          assert.equal(
            spaces(await counts.getByTestId('counted-total').textContent()),
            spaces(es.t('page.show.signatures_of', { total: 1, target: 100 }))
          )
          assert.equal(
            spaces(await counts.getByTestId('still-needed').textContent()),
            spaces(es.t('page.petition_page.still_needed', { count: 99 }))
          )
          assert.isTrue(await counts.locator('[data-share="whatsapp"]').isVisible())
          await assertAccessible(page, `signed and counted, ${viewport.width}`, assert)
        },
        viewport
      )
    })

    test(`a German owner publishes a draft and lands on its live page with the share panel (${viewport.width} px)`, async ({
      assert,
    }) => {
      const owner = await UserFactory.merge({
        email: 'jonas@example.org',
        password: 'correct horse battery staple',
      }).create()
      const draft = await PetitionFactory.merge({
        userId: owner.id,
        title: 'Mehr Radwege in Köln',
        published: false,
      }).create()

      await inBrowser(
        `german owner ${viewport.width}`,
        async (page) => {
          await logIn(page, 'jonas@example.org', 'correct horse battery staple', 'de')
          await visit(page, siteUrl(`/petition/${draft.guid}/edit`, 'de'))
          await page.getByLabel(de.t('page.petition.setting_published')).check()
          await Promise.all([
            page.waitForURL(siteUrl(`/petition/${draft.slug}`, 'de')),
            page.getByTestId('petition-submit').click(),
          ])
          const panel = page.getByTestId('first-share')
          await panel.waitFor()
          assert.include(await panel.textContent(), de.t('page.petition_page.first_share_title'))
          assert.isTrue(
            await panel.getByRole('button', { name: de.t('page.show.copy_link') }).isVisible()
          )
          assert.isTrue(await panel.locator('[data-share="whatsapp"]').isVisible())
          assert.isTrue(await panel.locator('[data-share="email"]').isVisible())
          assert.isTrue(await inViewport(page, 'first-share'))
          assert.equal(
            await page.evaluate<string>('document.activeElement?.id'),
            'first-share-title'
          )
          assert.isTrue((await Petition.findOrFail(draft.id)).published)
          // The page's own content: the saved toast may still be fading in over it.
          await assertAccessible(
            page,
            `first-share panel, ${viewport.width}`,
            assert,
            '#main-content'
          )

          // One-shot: the next view has no panel, and the URL carries nothing to share.
          assert.notInclude(page.url(), '?')
          await visit(page, siteUrl(`/petition/${draft.slug}`, 'de'))
          assert.equal(await page.getByTestId('first-share').count(), 0)
        },
        viewport
      )
    })

    test(`a French visitor sees which colour is which and opposes explicitly (${viewport.width} px)`, async ({
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published', 'withOpposition')
        .merge({ title: 'Une piste cyclable rue de Rivoli', allowComments: false })
        .with('user')
        .create()
      await insertSignatureRows(petition.id, 10, { opposeEvery: 4 })
      await recountSignatures(petition.id)

      await inBrowser(
        `french visitor ${viewport.width}`,
        async (page) => {
          await visit(page, siteUrl(`/petition/${petition.slug}`, 'fr'))
          const legend = page.getByTestId('bar-legend').locator('visible=true')
          const text = spaces(await legend.textContent())
          assert.include(
            text,
            spaces(fr.t('page.petition_page.legend_support', { percentage: '70 %' }))
          )
          assert.include(
            text,
            spaces(fr.t('page.petition_page.legend_oppose', { percentage: '30 %' }))
          )
          await assertAccessible(page, `opposition allowed, ${viewport.width}`, assert)

          // The header keeps one "Share" button; it leads to the share buttons under the description.
          const header = page.getByTestId('petition-header')
          assert.equal(await header.locator('[data-share]').count(), 0)
          await header.getByTestId('share-button').click()
          await page.waitForFunction(
            `document.getElementById('share-petition').contains(document.activeElement)`
          )
          const form = page.getByTestId('sign-form')
          if (viewport === PHONE) await page.getByTestId('sign-bar').getByRole('link').click()
          await form.locator('[name="firstName"]').fill('Claire')
          await form.locator('[name="lastName"]').fill('Martin')
          await form.locator('[name="email"]').fill('claire.martin@example.org')
          const choice = form.getByTestId('support-choice')
          const support = choice.getByLabel(fr.t('page.petition_page.i_support'))
          const oppose = choice.getByLabel(fr.t('page.petition_page.i_oppose'))
          // Both choices are there and named; support is chosen until the visitor says otherwise.
          assert.isTrue(await support.isChecked())
          assert.isFalse(await oppose.isChecked())
          await choice.getByText(fr.t('page.petition_page.i_oppose')).click()
          assert.isTrue(await oppose.isChecked())
          await form.getByTestId('sign-submit').click()
          await page.getByTestId('signature-pending').waitFor()
        },
        viewport
      )
      const [row] = (await signatureRows(petition)).filter(
        (signature) => signature.email === 'claire.martin@example.org'
      )
      assert.equal(Number(row.score), -1)
    })
  }
})
