import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright-core'
import { browserJourneys, launchBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { PASSWORD } from '#tests/helpers/auth'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { addSignature, makePetition } from '#tests/helpers/signatures'
import { confirmationUrl } from '#services/signatures/signing'
import { subscribeToNewsletter } from '#services/mail/newsletter'
import { requestPasswordReset } from '#services/accounts/password_reset'
import { recountSignatures } from '#services/signatures/counter'
import type { Locale } from '#app/i18n/locales'

const AXE_PATH = app.makePath('node_modules/axe-core/axe.min.js')
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const WIDTHS = [1280, 375]
const LOCALES: Locale[] = ['en', 'uk']

type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] }

/** The serious and critical WCAG 2.2 AA violations axe finds on the page as it is now. */
async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: AXE_PATH })
  const violations = await page.evaluate(
    async (tags) => {
      const result = await (window as any).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      })
      return result.violations as Violation[]
    },
    WCAG_TAGS
  )
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')
}

function describe(where: string, violations: Violation[]) {
  return violations.map(
    ({ id, impact, nodes }) =>
      `${where}: ${id} (${impact}) on ${nodes.length} element(s), e.g. ${nodes
        .slice(0, 3)
        .map(({ target }) => target.join(' '))
        .join(' | ')}`
  )
}

/**
 * A petition that shows every part of its page: description, video, letter,
 * an update, custom fields and signatures (one with a comment).
 */
async function petitionWithEverything() {
  const { petition, owner } = await makePetition({
    title: 'Save the Shevchenko park',
    allowComments: true,
    allowOpposite: true,
    targetSignatures: 100,
    updates: [
      {
        title: 'Signatures delivered',
        createdAt: new Date().toISOString().slice(0, 10),
        description: 'We met the council today.',
      },
    ],
  })
  await addSignature(petition, { firstName: 'Olena', comment: 'The park is our green heart.' })
  await addSignature(petition, { firstName: 'Taras', score: -1 })
  await addSignature(petition, { firstName: 'Iryna' })
  await recountSignatures(petition.id)
  return { petition, owner }
}

test.group('Browser: accessibility', (group) => {
  browserJourneys(group)

  test('every page has no serious WCAG 2.2 AA violation, for guests and members, in en and uk, wide and narrow', async ({
    assert,
  }) => {
    const { petition, owner } = await petitionWithEverything()
    const unconfirmed = await addSignature(petition, {
      email: 'unconfirmed@example.org',
      confirmedAt: null,
      confirmationToken: 'a11y-token',
    })

    // The mailed links, per locale.
    const mailed: Record<string, { confirmSignature: string; newsletter: string; reset: string }> =
      {}
    for (const locale of LOCALES) {
      await outbox.clear()
      await subscribeToNewsletter(`reader-${locale}@example.org`, locale)
      await requestPasswordReset(owner.email, locale)
      const [newsletterMail] = await outbox.to(`reader-${locale}@example.org`)
      const [resetMail] = await outbox.to(owner.email)
      mailed[locale] = {
        confirmSignature: confirmationUrl(unconfirmed, locale),
        newsletter: linkIn(newsletterMail.html, '/confirm'),
        reset: linkIn(resetMail.html, '/auth/password/reset/'),
      }
    }

    const shared = ['/', '/petitions', `/petition/${petition.slug}`, '/contacts', '/faq']
    const more = ['/privacy-policy', '/no-such-page']
    const guestPages = (locale: string) => [
      ...shared,
      ...more,
      '/login',
      '/signup',
      '/auth/password/reset',
      mailed[locale].reset,
      mailed[locale].confirmSignature,
      mailed[locale].newsletter,
    ]
    const memberPages = () => [
      ...shared,
      ...more,
      '/petition/create',
      `/petition/${petition.guid}/edit`,
      `/petition/${petition.guid}/signatures`,
      '/my/petitions',
    ]

    const browser = await launchBrowser()
    const problems: string[] = []
    let checked = 0
    for (const locale of LOCALES) {
      for (const width of WIDTHS) {
        for (const who of ['guest', 'member'] as const) {
          const context = await browser.newContext({ viewport: { width, height: 900 } })
          const page = await context.newPage()
          try {
            if (who === 'member') {
              await visit(page, siteUrl('/login', locale))
              const login = page.getByTestId('login-form')
              await login.locator('[name="email"]').fill(owner.email)
              await login.locator('[name="password"]').fill(PASSWORD)
              await Promise.all([
                page.waitForURL(/\/my\/petitions$/),
                login.getByRole('button').click(),
              ])
            }
            const pages = who === 'guest' ? guestPages(locale) : memberPages()
            for (const path of pages) {
              await visit(page, path.startsWith('http') ? path : siteUrl(path, locale))
              const where = `${new URL(page.url()).pathname} (${who}, ${locale}, ${width}px)`
              problems.push(...describe(where, await seriousViolations(page)))
              checked++
            }
          } finally {
            await context.close()
          }
        }
      }
    }
    assert.isAbove(checked, 80)
    assert.deepEqual(problems, [], problems.join('\n'))
  }).timeout(180_000)
})
