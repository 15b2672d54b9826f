import { emptiedAfterwards } from '#tests/helpers/database'
import { mkdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import app from '@adonisjs/core/services/app'
import limiter from '@adonisjs/limiter/services/main'
import type { Group } from '@japa/runner/core'
import { outbox } from '#tests/helpers/outbox'
import env from '#start/env'
import { LOCALES } from '#app/i18n/locales'

/**
 * A real Chromium (Debian's package, never a downloaded build) driven by
 * playwright-core, against the test HTTP server.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

let browser: Browser | null = null
/** A second Chromium whose test origins are secure contexts (see launchBrowser). */
let secureBrowser: Browser | null = null

/**
 * Makes sure Chromium is there before the first browser test. When it is
 * missing and this runs as root on Debian (as CI does), Debian's package is
 * installed; otherwise the run stops with one line saying how to get it.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return
  const canInstall =
    !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/etc/debian_version')
  if (canInstall) {
    console.log(
      "[browser] Chromium is missing: installing Debian's package (apt-get install chromium)…"
    )
    const options = {
      stdio: 'inherit' as const,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }
    spawnSync('apt-get', ['update', '-qq'], options)
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], options)
    if (existsSync(CHROMIUM_PATH)) return
  }
  console.error(
    `Browser tests need Debian's Chromium at ${CHROMIUM_PATH}: install it with "sudo apt-get install chromium" (or set CHROMIUM_PATH), then run npm test again.`
  )
  process.exit(1)
}

/** The site's bare domain in tests (APP_DOMAIN in .env.test), served on loopback. */
export const testDomain = () => env.get('APP_DOMAIN', 'undersign.test')

/** The test site's origins, each language's, as Chromium lists origins in a flag. */
function testOrigins() {
  const hosts = LOCALES.map((locale) => new URL(siteUrl('/', locale)).origin)
  return [...new Set(hosts)].join(',')
}

/**
 * The suite's Chromium, launched on first use and kept until the suite ends
 * (each journey has a context of its own); launched again if it went away.
 * `secureContext`: a second one, for which the plain-http test site is a
 * secure context as the real https site is (Web Crypto's `subtle` exists
 * only there); the first stays as before for every other journey.
 */
export async function launchBrowser({ secureContext = false } = {}) {
  // The test domain and its language subdomains resolve to this machine, so
  // cookies behave as on a real domain (Chromium refuses Domain=localhost).
  const resolve = `--host-resolver-rules=MAP ${testDomain()} 127.0.0.1, MAP *.${testDomain()} 127.0.0.1`
  if (secureContext) {
    if (secureBrowser && !secureBrowser.isConnected()) secureBrowser = null
    secureBrowser ??= await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...FLAGS, resolve, `--unsafely-treat-insecure-origin-as-secure=${testOrigins()}`],
      headless: true,
    })
    return secureBrowser
  }
  if (browser && !browser.isConnected()) browser = null
  browser ??= await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...FLAGS, resolve],
    headless: true,
  })
  return browser
}

export async function closeBrowser() {
  await Promise.all([browser?.close(), secureBrowser?.close()])
  browser = null
  secureBrowser = null
}

/**
 * A group of browser journeys: the suite's Chromium (launching it takes a
 * second, so the suite's groups share it and the suite closes it), and each
 * journey starts from an empty database, fresh rate limits, an empty outbox
 * and no pending counter deltas (the server runs in this process).
 */
export function browserJourneys(group: Group) {
  group.setup(async () => {
    await launchBrowser()
  })
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })
}

/** http://undersign.test:3334 or, for a language, http://de.undersign.test:3334. */
export function siteUrl(path = '/', locale?: string) {
  const host = locale && locale !== 'en' ? `${locale}.${testDomain()}` : testDomain()
  return `http://${host}:${env.get('PORT')}${path}`
}

/** Opens a URL and waits until React has taken over the server-rendered page. */
export async function visit(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** Logs in through the login form of a language's site; lands on My petitions. */
export async function logIn(page: Page, email: string, password: string, locale = 'en') {
  await visit(page, siteUrl('/login', locale))
  const login = page.getByTestId('login-form')
  await login.locator('[name="email"]').fill(email)
  await login.locator('[name="password"]').fill(password)
  await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])
}

/**
 * Runs a journey in a fresh browser context (of the secure-context Chromium
 * when asked: see launchBrowser); when it fails, a screenshot of the page is
 * saved to tmp/screenshots/ before the error is passed on.
 */
export async function inBrowser(
  name: string,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
  viewport = { width: 1280, height: 900 },
  { secureContext = false } = {}
) {
  const context = await (await launchBrowser({ secureContext })).newContext({ viewport })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  // A key the build did not give the page's messages (inertia/i18n/index.ts says which).
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('The translation '))
      problems.push(message.text())
  })
  try {
    await journey(page, context)
    if (problems.length) throw new Error(`JavaScript errors in the page: ${problems.join(' | ')}`)
  } catch (error) {
    const folder = app.tmpPath('screenshots')
    await mkdir(folder, { recursive: true })
    const file = `${folder}/${name.replace(/[^a-z0-9]+/gi, '-')}.png`
    await page.screenshot({ path: file, fullPage: true }).catch(() => {})
    console.error(`screenshot of the failure: ${file}`)
    // What the page threw often explains a step that waited in vain.
    if (problems.length) console.error(`JavaScript errors in the page: ${problems.join(' | ')}`)
    throw error
  } finally {
    await context.close()
  }
}
