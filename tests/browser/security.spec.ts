import { test } from '@japa/runner'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { HOSTILE, makeHostilePetition } from '#tests/helpers/hostile_text'

test.group('Browser: hostile content', (group) => {
  browserJourneys(group)

  test('a petition whose texts close scripts and open comments hydrates and shows them as text', async ({
    assert,
  }) => {
    const petition = await makeHostilePetition()
    await inBrowser('hostile petition', async (page) => {
      const dialogs: string[] = []
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message())
        await dialog.dismiss()
      })
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'fr'))
      assert.equal(await page.locator('h1').textContent(), HOSTILE.title)
      assert.include(await page.locator('body').textContent(), HOSTILE.comment.slice(0, 14))
      assert.notEqual(await page.title(), 'pwned')
      assert.equal(await page.locator('img[src="x"]').count(), 0)
      assert.deepEqual(dialogs, [])
    })
  })

  test('a form injected into a page cannot post to another site', async ({ assert }) => {
    await inBrowser('form-action', async (page) => {
      const outside: string[] = []
      page.on('request', (request) => {
        if (!request.url().includes('undersign.test')) outside.push(request.url())
      })
      await visit(page, siteUrl('/faq'))
      const violation = await page.evaluate(`new Promise((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve(event.effectiveDirective)
        )
        const form = document.createElement('form')
        form.method = 'post'
        form.action = 'http://127.0.0.1:9/steal'
        document.body.append(form)
        form.submit()
      })`)
      assert.equal(violation, 'form-action')
      assert.deepEqual(outside, [])
    })
  })
})
