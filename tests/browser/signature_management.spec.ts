import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { PASSWORD } from '#tests/helpers/auth'
import { parseCsv } from '#tests/helpers/signatures'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const de = i18nManager.locale('de')

test.group('Browser: managing signatures', (group) => {
  browserJourneys(group)

  test('the owner removes a signature, counts it again and downloads the export, in German', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Rettet den Stadtpark', allowComments: true, targetSignatures: 100 })
      .with('user')
      .create()
    const owner = petition.user
    await insertSignatureRows(petition.id, 59)
    const newest = await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Jonas',
      lastName: 'Schmidt',
      email: 'jonas.schmidt@example.org',
      comment: 'Der Park gehört allen, nicht den Investoren.',
    }).create()
    await recountSignatures(petition.id)
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'de')
    const count = (total: number) =>
      de.t('page.show.signatures_of', { total, target: 100 }).replace(/\s/g, ' ')
    const countOn = async (page: Page) =>
      (await page.getByTestId('signature-count').textContent())?.replace(/\s/g, ' ')
    // Counts follow a change with the counter's flush, about a second later.
    const countAfterFlush = async (page: Page, expected: string) => {
      for (let tries = 0; tries < 25 && (await countOn(page)) !== expected; tries++) {
        await page.waitForTimeout(200)
        await visit(page, petitionUrl)
      }
      return countOn(page)
    }

    await inBrowser('managing signatures', async (page) => {
      await visit(page, siteUrl('/login', 'de'))
      const login = page.getByTestId('login-form')
      await login.locator('[name="email"]').fill(owner.email)
      await login.locator('[name="password"]').fill(PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])

      // From the petition page to its list.
      await visit(page, petitionUrl)
      assert.equal(await countOn(page), count(60))
      await page.getByTestId('signatures-list').click()
      await page.waitForURL(/\/signatures$/)
      await page
        .getByRole('heading', { name: de.t('page.signatures.title') })
        .waitFor({ state: 'visible' })
      const rows = page.getByTestId('signature-row')
      assert.equal(await rows.count(), 50)
      const row = page.locator(`[data-signature-id="${newest.id}"]`)
      assert.include(await row.textContent(), 'jonas.schmidt@example.org')
      assert.include(await row.textContent(), 'Der Park gehört allen')

      // Remove a row further down: it turns red and stays where it was on the screen.
      const lower = rows.nth(30)
      const lowerId = await lower.getAttribute('data-signature-id')
      await lower.scrollIntoViewIfNeeded()
      assert.isAbove(await page.evaluate<number>('window.scrollY'), 300)
      const topOnScreen = () =>
        page.evaluate<number>(
          `document.querySelector('[data-signature-id="${lowerId}"]').getBoundingClientRect().top`
        )
      const before = await topOnScreen()
      await lower.getByTestId('signature-remove').click()
      await page.locator(`[data-signature-id="${lowerId}"].table-danger`).waitFor()
      assert.include(
        await page.getByTestId('messages').textContent(),
        de.t('page.signatures.deactivated', { id: lowerId })
      )
      assert.approximately(await topOnScreen(), before, 5)
      assert.equal(
        await page
          .locator(`[data-signature-id="${lowerId}"]`)
          .getByTestId('signature-restore')
          .count(),
        1
      )

      // The petition counts one fewer.
      await page.getByRole('link', { name: de.t('page.signatures.back') }).click()
      await page.waitForURL(/\/petition\/[^/]+$/)
      await page.getByTestId('signature-count').waitFor({ state: 'attached' })
      assert.equal(await countAfterFlush(page, count(59)), count(59))

      // Restore counts it again.
      await page.getByTestId('signatures-list').click()
      const removed = page.locator(`[data-signature-id="${lowerId}"]`)
      await removed.getByTestId('signature-restore').click()
      await page.locator(`[data-signature-id="${lowerId}"]:not(.table-danger)`).waitFor()
      await visit(page, petitionUrl)
      assert.equal(await countAfterFlush(page, count(60)), count(60))

      // The export: every signature, header in German.
      await page.getByTestId('signatures-list').click()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('signatures-export').click(),
      ])
      const today = new Date().toISOString().slice(0, 10)
      assert.equal(download.suggestedFilename(), `${petition.slug}-signatures-${today}.csv`)
      const text = await readFile((await download.path())!, 'utf8')
      assert.isTrue(text.startsWith('\uFEFF'))
      const csv = parseCsv(text.slice(1))
      assert.equal(csv[0][1], de.t('page.signatures.csv.first_name'))
      assert.lengthOf(csv, 61)
      assert.include(csv[60], 'jonas.schmidt@example.org')
      // Still on the table after the download.
      assert.match(page.url(), /\/signatures$/)
    })
  })
})
