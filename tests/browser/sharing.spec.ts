import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'

const uk = i18nManager.locale('uk')
const en = i18nManager.locale('en')

/**
 * Another site, on another origin (127.0.0.1 on a port of its own, where
 * the app is undersign.test): one page that frames the given addresses.
 */
async function otherSite(frames: Record<string, string>) {
  const html =
    '<!DOCTYPE html><html lang="en"><head><title>A blog</title></head><body><h1>My blog</h1>' +
    Object.entries(frames)
      .map(
        ([name, src]) => `<iframe name="${name}" src="${src}" width="480" height="260"></iframe>`
      )
      .join('') +
    '</body></html>'
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test.group('Browser: spreading a petition', (group) => {
  browserJourneys(group)

  test('another site frames the widget in Ukrainian, but not the petition page itself', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Збережемо парк Шевченка', targetSignatures: 100 })
      .with('user')
      .create()
    await insertSignatureRows(petition.id, 42)
    await recountSignatures(petition.id)
    const blog = await otherSite({
      widget: siteUrl(`/petition/${petition.slug}/embed`, 'uk'),
      page: siteUrl(`/petition/${petition.slug}`, 'uk'),
    })
    try {
      await inBrowser('widget in a frame', async (page) => {
        await page.goto(blog.url, { waitUntil: 'load' })
        const widget = page.frame({ name: 'widget' })!
        assert.equal(await widget.locator('h1').textContent(), 'Збережемо парк Шевченка')
        assert.equal(
          (await widget.locator('.n').textContent())?.replace(/\s/g, ' '),
          uk.t('page.show.signatures_of', { total: 42, target: 100 }).replace(/\s/g, ' ')
        )
        const bar = widget.getByRole('progressbar')
        assert.equal(await bar.getAttribute('aria-valuenow'), '42')
        const sign = widget.getByRole('link', { name: new RegExp(uk.t('page.embed.sign')) })
        assert.equal(await sign.getAttribute('target'), '_blank')
        // The signatures it brings are counted as the widget's.
        const signUrl = siteUrl(`/petition/${petition.slug}?source=widget`, 'uk')
        assert.equal(await sign.getAttribute('href'), signUrl)

        // The Sign link opens the petition, in Ukrainian, in a new tab.
        const [tab] = await Promise.all([page.context().waitForEvent('page'), sign.click()])
        await tab.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        assert.equal(tab.url(), signUrl)
        assert.equal(await tab.locator('html').getAttribute('lang'), 'uk')
        await tab.close()

        // The petition page refuses to be framed: its frame shows nothing of it.
        const framed = page.frame({ name: 'page' })!
        assert.equal(await framed.locator('[data-testid="petition-header"]').count(), 0)
        assert.notEqual(framed.url(), siteUrl(`/petition/${petition.slug}`, 'uk'))
      })
    } finally {
      await blog.close()
    }
  })

  test('the share widget copies the widget’s code and leads to the poster and the QR code', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'A crossing for Elm Street school' })
      .with('user')
      .create()
    await inBrowser('share widget', async (page) => {
      // Chromium has no clipboard on a plain-http site: a stand-in records what is copied.
      await page.addInitScript(`Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (text) => { window.copiedText = text } },
      })`)
      await visit(page, siteUrl(`/petition/${petition.slug}`))
      const share = page.getByTestId('share-widget')
      await share.getByText(en.t('page.show.embed')).click()
      const code = share.getByLabel(en.t('page.show.embed_label'))
      const snippet = await code.inputValue()
      assert.equal(await code.getAttribute('readonly'), '')
      assert.include(
        snippet,
        `<iframe src="${siteUrl(`/petition/${petition.slug}/embed`)}" title="A crossing for Elm Street school"`
      )
      await share.getByRole('button', { name: en.t('page.show.embed_copy') }).click()
      await page
        .locator('.Toastify__toast--success', { hasText: en.t('page.show.embed_copied') })
        .waitFor()
      assert.equal(await page.evaluate('window.copiedText'), snippet)

      // The QR code opens as an image in a new tab.
      const [qr] = await Promise.all([
        page.context().waitForEvent('page'),
        share.getByRole('link', { name: en.t('page.show.qr_code') }).click(),
      ])
      await qr.waitForLoadState()
      assert.equal(qr.url(), siteUrl(`/petition/${petition.slug}/qr.svg`))
      await qr.close()

      // The poster, with its QR code drawn, and nothing but the sheet on paper.
      await share.getByRole('link', { name: en.t('page.show.poster') }).click()
      await page.waitForURL(siteUrl(`/petition/${petition.slug}/poster`))
      const poster = page.getByTestId('poster')
      assert.equal(await poster.locator('h1').textContent(), 'A crossing for Elm Street school')
      assert.equal(
        await page.getByTestId('poster-url').textContent(),
        siteUrl(`/petition/${petition.slug}`)
      )
      const qrImage = poster.getByRole('img', { name: en.t('page.poster.qr_alt') })
      await page.waitForFunction(
        `document.querySelector('.poster-qr').complete && document.querySelector('.poster-qr').naturalWidth > 0`
      )
      assert.isTrue(await qrImage.isVisible())
      assert.isTrue(await page.getByTestId('print-poster').isVisible())
      await page.emulateMedia({ media: 'print' })
      assert.isFalse(await page.locator('nav.navbar').isVisible())
      assert.isFalse(await page.locator('footer').isVisible())
      assert.isFalse(await page.getByTestId('print-poster').isVisible())
      assert.isTrue(await qrImage.isVisible())
      // One A4 sheet (595 × 842 points).
      const pdf = await page.pdf({ preferCSSPageSize: true })
      assert.match(pdf.toString('latin1'), /\/Type\s*\/Pages\b[^>]*\/Count 1\b/)
      assert.match(pdf.toString('latin1'), /\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 841(\.\d+)?\s*\]/)
    })
  })
})
