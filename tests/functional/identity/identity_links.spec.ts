import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import { PetitionFactory } from '#database/factories/petition_factory'
import { identityHashOf } from '#services/identity/identity_check'
import { flashed, makeMember } from '#tests/helpers/auth'
import {
  backFromProvider,
  providerGroup,
  BARE_HOST,
  GERMAN_HOST,
  pathOf,
  SiteBrowser,
  TestOidcProvider,
  throughProvider,
} from '#tests/helpers/oidc_provider'

const provider = new TestOidcProvider()
const german = (key: string) => i18nManager.locale('de').t(key)
const ACCOUNT_PAGE = '/my/account#account-identity'

/** A browser on the German site, logged in as `member`. */
function browserOf(client: ApiClient, member: User) {
  const browser = new SiteBrowser(client, GERMAN_HOST)
  browser.session = { auth_web: member.id }
  return browser
}

/** The member's link from "Link a verified identity" to the provider's answer at our callback. */
async function linkUpToCallback(client: ApiClient, member: User, login = 'alice-42') {
  const browser = browserOf(client, member)
  const start = await browser.get(`/my/account/identity/${provider.key}/link`)
  start.assertStatus(302)
  const authorization = new URL(start.header('location')!)
  const answer = await throughProvider(authorization.href, login)
  return { browser, authorization, answer }
}

async function linkThrough(client: ApiClient, member: User, login = 'alice-42') {
  const { browser, answer } = await linkUpToCallback(client, member, login)
  return { browser, ...(await backFromProvider(browser, client, answer)) }
}

async function accountProps(browser: SiteBrowser) {
  const page = await browser.get('/my/account', { inertia: true })
  page.assertStatus(200)
  return { page, account: (page.body().props as Record<string, any>).account }
}

test.group('A member links a verified identity to their account', (group) => {
  providerGroup(group, provider)

  test('once linked, the account page shows the provider, the date and the claims, never the hash', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    const before = await accountProps(browserOf(client, member))
    assert.isNull(before.account.identity)
    assert.deepEqual(before.account.identityProviders, [{ key: provider.key, name: 'Test eID' }])

    const { browser, authorization, answer } = await linkUpToCallback(client, member)
    // The same code flow as a signer's check, to the same callback.
    assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256')
    assert.equal(answer.pathname, `/identity/${provider.key}/callback`)
    const { back, landing } = await backFromProvider(browser, client, answer)
    assert.equal(back.hostname, GERMAN_HOST)
    assert.equal(back.pathname, '/my/account/identity/return')
    assert.equal(landing.header('location'), ACCOUNT_PAGE)
    assert.equal(flashed(landing, 'alerts', 'success'), german('page.account.identity_linked'))

    const identityHash = identityHashOf(provider.issuer, 'alice-42')
    const linked = await User.findOrFail(member.id)
    assert.equal(linked.identityProvider, provider.key)
    assert.equal(linked.identityHash, identityHash)
    assert.deepEqual(linked.identityClaims, { country: 'DE', region: 'BY' })
    assert.isNotNull(linked.identityLinkedAt)

    const { page, account } = await accountProps(browser)
    assert.deepEqual(account.identity, {
      providerName: 'Test eID',
      linkedAt: linked.identityLinkedAt!.toISO(),
      claims: { country: 'DE', region: 'BY' },
    })
    assert.deepEqual(account.identityProviders, [])
    assert.notInclude(page.text(), identityHash)
    assert.notInclude(page.text(), 'alice-42')
    // The verification was used up by the link.
    const [verification] = await db.from('identity_verifications')
    assert.isNotNull(verification.used_at)
    assert.isNull(verification.petition_guid)
  })

  test('a second link is refused before the provider, and the identity stays as it was', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    await linkThrough(client, member)
    const flows = (await db.from('identity_flows')).length

    const again = await browserOf(client, member).get(`/my/account/identity/${provider.key}/link`)
    assert.equal(again.header('location'), ACCOUNT_PAGE)
    assert.equal(flashed(again, 'alerts', 'error'), german('page.account.identity_already_linked'))
    assert.lengthOf(await db.from('identity_flows'), flows)
    const linked = await User.findOrFail(member.id)
    assert.equal(linked.identityHash, identityHashOf(provider.issuer, 'alice-42'))
  })

  test('a check started before the first link finished links nothing more', async ({
    assert,
    client,
  }) => {
    provider.accounts.set('bob-7', { country: 'AT' })
    const member = await makeMember()
    // Two tabs of one browser: both go to the provider; the first comes back and links.
    const browser = browserOf(client, member)
    const link = `/my/account/identity/${provider.key}/link`
    const firstStart = await browser.get(link)
    const secondStart = await browser.get(link)
    const firstAnswer = await throughProvider(firstStart.header('location')!)
    const secondAnswer = await throughProvider(secondStart.header('location')!, 'bob-7')
    await backFromProvider(browser, client, firstAnswer)
    const { landing } = await backFromProvider(browser, client, secondAnswer)
    assert.equal(
      flashed(landing, 'alerts', 'error'),
      german('page.account.identity_already_linked')
    )
    const linked = await User.findOrFail(member.id)
    assert.equal(linked.identityHash, identityHashOf(provider.issuer, 'alice-42'))
    assert.deepEqual(linked.identityClaims, { country: 'DE', region: 'BY' })
  })

  test('an identity linked to one account is refused on another, with a message', async ({
    assert,
    client,
  }) => {
    const olena = await makeMember({ email: 'olena@example.org' })
    const mallory = await makeMember({ email: 'mallory@example.org' })
    await linkThrough(client, olena)

    const { landing } = await linkThrough(client, mallory)
    assert.equal(landing.header('location'), ACCOUNT_PAGE)
    assert.equal(flashed(landing, 'alerts', 'error'), german('page.account.identity_taken'))
    const refused = await User.findOrFail(mallory.id)
    assert.isNull(refused.identityHash)
    assert.isNull(refused.identityProvider)
    assert.isNull((await accountProps(browserOf(client, mallory))).account.identity)
  })

  test('an answer taken back in another browser, even logged in as the member, links nothing', async ({
    assert,
    client,
  }) => {
    // Someone sends the member the provider's address of a check they started:
    // the browser that comes back did not start it.
    const member = await makeMember()
    const { answer } = await linkUpToCallback(client, member)
    const other = browserOf(client, member)
    const { landing } = await backFromProvider(other, client, answer)
    assert.equal(flashed(landing, 'alerts', 'error'), german('page.account.identity_expired'))
    assert.isNull((await User.findOrFail(member.id)).identityHash)
  })

  test('a check started by one member is not linked to another member in the same browser', async ({
    assert,
    client,
  }) => {
    const olena = await makeMember({ email: 'olena@example.org' })
    const mallory = await makeMember({ email: 'mallory@example.org' })
    const { browser, answer } = await linkUpToCallback(client, olena)
    browser.session = { ...browser.session, auth_web: mallory.id }
    const { landing } = await backFromProvider(browser, client, answer)
    assert.equal(flashed(landing, 'alerts', 'error'), german('page.account.identity_expired'))
    assert.isNull((await User.findOrFail(mallory.id)).identityHash)
    assert.isNull((await User.findOrFail(olena.id)).identityHash)
  })

  test('a signer’s check for a petition is never linked to an account', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    const browser = browserOf(client, member)
    const petition = await PetitionFactory.apply('published').with('user').create()
    const start = await browser.get(`/identity/${provider.key}/start?petition=${petition.guid}`)
    const answer = await throughProvider(start.header('location')!)
    const callback = await new SiteBrowser(client, BARE_HOST).get(pathOf(answer))
    const pass = new URL(callback.header('location')!).searchParams.get('pass')!
    const landing = await browser.get(`/my/account/identity/return?pass=${pass}`)
    assert.equal(flashed(landing, 'alerts', 'error'), german('page.account.identity_expired'))
    assert.isNull((await User.findOrFail(member.id)).identityHash)
  })

  test('a cancelled check is told on the account page; guests and unknown providers are refused', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    const browser = browserOf(client, member)
    const start = await browser.get(`/my/account/identity/${provider.key}/link`)
    const answer = await throughProvider(start.header('location')!, 'alice-42', true)
    const { back, landing } = await backFromProvider(browser, client, answer)
    assert.equal(back.searchParams.get('refused'), 'cancelled')
    assert.equal(flashed(landing, 'alerts', 'error'), german('page.identity.cancelled'))
    assert.isNull((await User.findOrFail(member.id)).identityHash)

    const guest = new SiteBrowser(client, GERMAN_HOST)
    const link = await guest.get(`/my/account/identity/${provider.key}/link`)
    assert.equal(link.header('location'), '/login')
    const back2 = await guest.get('/my/account/identity/return?pass=' + 'a'.repeat(43))
    assert.match(back2.header('location')!, /^\/login\b/)
    ;(await browser.get('/my/account/identity/nobody/link')).assertStatus(404)
  })

  test('with no provider configured the account page offers none', async ({ assert, client }) => {
    const restore = provider.configureSite([])
    try {
      const member = await makeMember()
      const { account } = await accountProps(browserOf(client, member))
      assert.isNull(account.identity)
      assert.deepEqual(account.identityProviders, [])
      ;(
        await browserOf(client, member).get(`/my/account/identity/${provider.key}/link`)
      ).assertStatus(404)
    } finally {
      restore()
    }
  })
})
