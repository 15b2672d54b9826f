import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { signatureCounter } from '#runtime/signatures/counter'
import { treeHeadSigner } from '#runtime/transparency/tree_heads'
import { PetitionFactory } from '#database/factories/petition_factory'

const es = i18nManager.locale('es')
const EMAIL = 'lucia.martin@example.org'

/** The status of the check once it has settled on `state` (the page fetches and hashes first). */
async function checkSettlesOn(page: Page, state: string) {
  const status = page.locator(`[data-testid="receipt-status"][data-state="${state}"]`)
  await status.waitFor({ timeout: 15_000 })
  return status
}

/** The same receipt with another secret of the same length (its first character changed). */
function forgedFrom(receipt: string) {
  const [index, secret] = receipt.split('.')
  return `${index}.${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`
}

test.group('Browser: signature receipts', (group) => {
  browserJourneys(group)

  test('a guest signs in Spanish, checks the receipt against the public log, then sees its withdrawal there', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Más árboles en la plaza Mayor' })
      .with('user')
      .create()
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'es')

    // Web Crypto checks the receipt: the page needs a secure context, as on the https site.
    const secure = { secureContext: true }
    await inBrowser(
      'receipt journey',
      async (page) => {
        await visit(page, petitionUrl)
        const form = page.getByTestId('sign-form')
        await form.locator('[name="firstName"]').fill('Lucía')
        await form.locator('[name="lastName"]').fill('Martín')
        await form.locator('[name="email"]').fill(EMAIL)
        await form.locator('[name="comment"]').fill('Necesitamos sombra en verano.')
        await form.getByTestId('sign-submit').click()
        const dialog = page.locator('.swal2-popup')
        await dialog.locator('.swal2-confirm').click()
        await dialog.waitFor({ state: 'detached' })

        // Confirmed by the mailed link; the page waits for the log, then links the receipt.
        const [mail] = await outbox.to(EMAIL)
        await visit(page, linkIn(mail.html, '/signature/'))
        await page.getByTestId('confirm-signature').click()
        await page.waitForURL(petitionUrl)
        const confirmed = page.getByTestId('signature-counts')
        await confirmed.waitFor()
        await signatureCounter.flush()
        const link = confirmed.getByTestId('receipt-link')
        await link.waitFor({ timeout: 15_000 })
        assert.equal(await link.textContent(), es.t('page.petition_page.receipt_link'))
        assert.include(await confirmed.textContent(), es.t('page.petition_page.receipt_note'))
        const href = (await link.getAttribute('href')) ?? ''
        assert.match(href, /^\/verify#\d+\.[A-Za-z0-9_-]{22}$/)
        const receipt = href.slice('/verify#'.length)

        // The page checks it in the browser against a signed head (the test does not wait the 10 s).
        await treeHeadSigner.sign({ ignoreInterval: true })
        await link.click()
        await page.waitForURL(siteUrl(`/verify#${receipt}`, 'es'))
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        const verified = await checkSettlesOn(page, 'verified')
        assert.equal(await verified.textContent(), es.t('page.verify.verified'))
        assert.equal(await page.getByTestId('leaf-petition').textContent(), petition.guid)
        assert.equal(
          await page.getByTestId('leaf-change').textContent(),
          es.t('page.verify.change_add_support')
        )
        const later = page.locator('[data-testid="later-changes"][data-state="none"]')
        await later.waitFor()
        assert.include(await later.textContent(), es.t('page.verify.not_removed'))
        assert.equal(await page.getByLabel(es.t('page.verify.receipt_label')).inputValue(), receipt)
        const violations = await seriousViolations(page)
        assert.deepEqual(describeViolations('/verify, verified', violations), [])

        // Another secret with the same index: the leaf does not commit to it.
        const field = page.getByLabel(es.t('page.verify.receipt_label'))
        await field.fill(forgedFrom(receipt))
        await field.press('Enter')
        const forged = await checkSettlesOn(page, 'forged')
        assert.equal(await forged.textContent(), es.t('page.verify.forged'))
        assert.equal(new URL(page.url()).hash, `#${forgedFrom(receipt)}`)
        assert.lengthOf(await page.getByTestId('later-changes').all(), 0)
        assert.deepEqual(describeViolations('/verify, forged', await seriousViolations(page)), [])

        // Withdrawn from the link of the mail that said it is confirmed.
        const notice = (await outbox.to(EMAIL)).find((sent) => sent.html?.includes('/withdraw'))
        await visit(page, linkIn(notice?.html ?? null, '/withdraw'))
        await page.getByTestId('withdraw-signature').click()
        await page.waitForURL(petitionUrl)
        await dialog.locator('.swal2-confirm').click()
        await signatureCounter.flush()
        await treeHeadSigner.sign({ ignoreInterval: true })

        // The same receipt still verifies, and the log shows its removal since.
        await visit(page, siteUrl(`/verify#${receipt}`, 'es'))
        await checkSettlesOn(page, 'verified')
        const removed = page.locator('[data-testid="later-changes"][data-state="removed"]')
        await removed.waitFor({ timeout: 15_000 })
        assert.include(await removed.textContent(), es.t('page.verify.removed'))
        assert.include(await removed.textContent(), es.t('page.verify.later_proven'))
        const removalIndex = Number(
          (await removed.getByTestId('leaf-index').textContent())?.replace(/\D/g, '')
        )
        assert.isAbove(removalIndex, Number(receipt.split('.')[0]))
        assert.equal(
          await removed.getByTestId('leaf-change').textContent(),
          es.t('page.verify.change_remove_support')
        )
        assert.deepEqual(describeViolations('/verify, removed', await seriousViolations(page)), [])
      },
      undefined,
      secure
    )
  })
})
