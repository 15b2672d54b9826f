import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import PaperSignatureBatch from '#models/paper_signature_batch'
import Petition from '#models/petition'
import { recountSignatures } from '#services/signatures/recount'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { fixture, jpegWithGps } from '#tests/helpers/images'
import { PAGE_SIZES, readPdf } from '#tests/helpers/pdf'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const es = i18nManager.locale('es')
const uk = i18nManager.locale('uk')

test.group('Browser: paper signatures and hand-overs', (group) => {
  browserJourneys(group)

  test('in Spanish: the owner prints a sheet, records a batch with its photo by keyboard, a moderator verifies it, the page shows both counts', async ({
    assert,
  }) => {
    const owner = await makeMember({ locale: 'es' })
    const moderator = await makeModerator({ locale: 'es' })
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Un parque para el barrio de Lavapiés',
        userId: owner.id,
        lang: 'es',
        targetSignatures: 1000,
      })
      .create()
    await SignatureFactory.merge({ petitionId: petition.id }).createMany(2)
    await recountSignatures(petition.id)
    const photo = await fixture('hojas.jpg', await jpegWithGps(1200, 900))

    await inBrowser('owner records a paper batch', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'es')
      await visit(page, siteUrl(`/petition/${petition.guid}/signatures`, 'es'))
      // A sheet to print, in US Letter: a PDF with the petition's title and address.
      const sheetForm = page.getByTestId('sheet-form')
      await sheetForm.getByLabel(es.t('delivery.tools.paper_size')).selectOption('letter')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        sheetForm.getByRole('button', { name: es.t('delivery.tools.sheet_submit') }).click(),
      ])
      const sheet = await readPdf(await readFile(await download.path()))
      assert.include(sheet.words, petition.title)
      assert.include(sheet.links, siteUrl(`/petition/${petition.slug}`, 'es'))
      assert.deepEqual(sheet.sizes[0], PAGE_SIZES.letter)

      const form = page.getByTestId('paper-form')
      // Sent empty: the errors come under the fields, in Spanish.
      await form.getByRole('button', { name: es.t('page.paper.submit') }).click()
      await form.locator('[data-error-for="signatures"]').waitFor()
      await form.locator('[data-error-for="photo"]').waitFor()

      await form.getByLabel(es.t('page.paper.signatures')).fill('150')
      await form.getByLabel(es.t('page.paper.place')).fill('Mercado de San Fernando')
      await form.getByLabel(es.t('page.paper.photo')).setInputFiles(photo)
      // Sent by keyboard.
      await form.getByRole('button', { name: es.t('page.paper.submit') }).focus()
      await page.keyboard.press('Enter')
      await page
        .locator('.Toastify__toast--success', { hasText: es.t('page.paper.recorded') })
        .waitFor()
      const row = page.getByTestId('paper-batch')
      await row.getByText(es.t('page.paper.status.pending')).waitFor()
      await row.getByText('Mercado de San Fernando').waitFor()
      assert.deepEqual(describeViolations('owner page', await seriousViolations(page)), [])
    })
    const [batch] = await PaperSignatureBatch.query().where('petition_id', petition.id)
    assert.equal(batch.signatures, 150)

    await inBrowser('moderator verifies the batch', async (page) => {
      await logIn(page, moderator.email, PASSWORD, 'es')
      await visit(page, siteUrl('/moderation', 'es'))
      const queued = page.getByTestId('queued-petition').filter({ hasText: petition.title })
      await queued
        .getByText(es.t('page.moderation.queue_reasons.paper_to_verify', { count: 1 }))
        .waitFor()
      await queued.getByTestId('petition-file-link').click()
      const review = page.getByTestId('paper-review')
      await review.waitFor()
      // The photo of the sheets loads for the moderator.
      const image = review.getByRole('img')
      // Loaded lazily: once it comes into view.
      await image.scrollIntoViewIfNeeded()
      await page.waitForFunction(
        `document.querySelector('[data-testid="paper-review"] img')?.naturalWidth > 0`
      )
      assert.deepEqual(describeViolations('moderation page', await seriousViolations(page)), [])
      await review.getByLabel(es.t('page.moderation.paper.reason')).fill('Hojas legibles')
      await review.getByRole('button', { name: es.t('page.moderation.paper.verify') }).click()
      await page
        .locator('.Toastify__toast--success', { hasText: es.t('page.moderation.paper.verified') })
        .waitFor()
      await review.getByText(es.t('page.paper.status.verified')).waitFor()

      await visit(page, siteUrl(`/petition/${petition.slug}`, 'es'))
      const box = page.getByTestId('sign-box')
      await box
        .getByTestId('sign-box-count')
        .getByText(es.t('page.show.signatures_of', { total: 152, target: 1000 }))
        .waitFor()
      await box.getByText(es.t('page.paper.split', { online: 2, paper: 150, total: 152 })).waitFor()
      assert.deepEqual(describeViolations('petition page', await seriousViolations(page)), [])
    })
    // On a phone the header says it, readable on its blue.
    await inBrowser(
      'the split on a phone',
      async (page) => {
        await visit(page, siteUrl(`/petition/${petition.slug}`, 'es'))
        await page
          .getByTestId('petition-header')
          .getByText(es.t('page.paper.split', { online: 2, paper: 150, total: 152 }))
          .waitFor()
        // axe cannot judge text on a gradient: the split has the header's own colour.
        const colours = await page.evaluate(`(() => {
          const header = document.querySelector('[data-testid="petition-header"]')
          const colour = (selector) => getComputedStyle(header.querySelector(selector)).color
          return [colour('[data-testid="paper-split"]'), colour('h1')]
        })()`)
        assert.equal((colours as string[])[0], (colours as string[])[1])
        assert.deepEqual(describeViolations('phone page', await seriousViolations(page)), [])
      },
      { width: 390, height: 844 }
    )
    const counted = await Petition.findOrFail(petition.id)
    assert.equal(counted.supportCount, 152)
    assert.equal(counted.paperCount, 150)
  })

  test('in Ukrainian: the owner records a hand-over with its photo; the petition page shows it', async ({
    assert,
  }) => {
    const owner = await makeMember({ locale: 'uk' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Збережемо сквер на Подолі', userId: owner.id, lang: 'uk' })
      .create()
    const photo = await fixture('peredacha.jpg', await jpegWithGps(1000, 700))
    await inBrowser('owner records a hand-over', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'uk')
      await visit(page, siteUrl(`/petition/${petition.guid}/signatures`, 'uk'))
      const form = page.getByTestId('handover-form')
      await form.getByLabel(uk.t('page.handover.recipient')).fill('Київська міська рада')
      await form.getByLabel(uk.t('page.handover.place')).fill('Хрещатик, 36')
      await form.getByLabel(uk.t('page.handover.photo')).setInputFiles(photo)
      await form.getByRole('button', { name: uk.t('page.handover.submit') }).focus()
      await page.keyboard.press('Enter')
      await page
        .locator('.Toastify__toast--success', { hasText: uk.t('page.handover.recorded') })
        .waitFor()
      await page
        .getByTestId('handover')
        .getByText(/Київська міська рада/)
        .waitFor()

      await visit(page, siteUrl(`/petition/${petition.slug}`, 'uk'))
      const shown = page.getByTestId('petition-handover')
      await shown.getByText(/Київська міська рада/).waitFor()
      const image = shown.getByRole('img', {
        name: uk.t('page.handover.photo_alt', { recipient: 'Київська міська рада' }),
      })
      await image.scrollIntoViewIfNeeded()
      await page.waitForFunction(
        `document.querySelector('[data-testid="petition-handover"] img')?.naturalWidth > 0`
      )
      assert.deepEqual(describeViolations('petition page', await seriousViolations(page)), [])
    })
  })
})
