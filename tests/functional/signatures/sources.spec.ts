import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User, { ROLE_MODERATOR } from '#models/user'
import type Petition from '#models/petition'
import { signatureSources } from '#services/signatures/sources'
import { eraseExpiredSignatures } from '#services/signatures/retention'
import { deleteAccount } from '#services/accounts/deletion'
import { storedDateTime } from '#support/stored_dates'
import { makeMember } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { parseCsv, sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const SITE = 'http://undersign.test:3334'
const fr = i18nManager.locale('fr')
const en = i18nManager.locale('en')

/** A published petition of Oksana Melnyk, whose name the opt-in shows. */
async function ownedPetition() {
  const owner = await makeMember({
    firstName: 'Oksana',
    lastName: 'Melnyk',
    email: 'oksana.owner@example.org',
  })
  const petition = await PetitionFactory.apply('published')
    .merge({ userId: owner.id, title: 'A crossing for Elm Street school' })
    .create()
  return { owner, petition }
}

async function rowOf(petition: Petition, email: string) {
  return db.from('signatures').where('petition_id', petition.id).where('email', email).first()
}

/** Confirmed signatures made at `confirmedAt` (UTC), each with `source`. */
async function confirmedAt(
  petition: Petition,
  source: string | null,
  times: string[],
  state?: 'inactive' | 'unconfirmed'
) {
  for (const time of times) {
    const factory = state ? SignatureFactory.apply(state) : SignatureFactory
    const signature = await factory.merge({ petitionId: petition.id, source }).create()
    if (state !== 'unconfirmed') {
      await db
        .from('signatures')
        .where('id', signature.id)
        .update({ confirmed_at: DateTime.fromISO(time, { zone: 'utc' }).toFormat(dbFormat()) })
    }
  }
}

const dbFormat = () => db.connection().dialect.dateTimeFormat

/** An API token of `member` with `abilities`, as its header. */
async function bearer(member: User, abilities: string[]) {
  const token = await User.apiTokens.create(member, abilities, { name: 'CRM' })
  return { header: `Bearer ${token.value!.release()}`, token }
}

test.group('Where signatures came from: the source a sign carries', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the code the form posts is stored with the signature', async ({ client, assert }) => {
    const { petition } = await ownedPetition()
    const response = await sign(client, petition, { source: 'newsletter-dec' })
    response.assertStatus(302)
    assert.equal((await rowOf(petition, 'olena@example.org')).source, 'newsletter-dec')
  })

  test('a code that does not fit is stored as none, and the signature is still made', async ({
    client,
    assert,
  }) => {
    const { petition } = await ownedPetition()
    const bad: unknown[] = [
      'news letter',
      'x'.repeat(41),
      'café',
      '<script>',
      '',
      'direct',
      42,
      true,
      ['a'],
      { code: 'a' },
      null,
    ]
    for (const [index, source] of bad.entries()) {
      const email = `signer${index}@example.org`
      const response = await sign(client, petition, { email, source })
      response.assertStatus(302)
      const row = await rowOf(petition, email)
      assert.exists(row, `signed with ${JSON.stringify(source)}`)
      assert.isNull(row.source, JSON.stringify(source))
    }
    // At the limit: 40 characters of letters, digits, - and _.
    const longest = `A-${'b'.repeat(36)}_9`
    await sign(client, petition, { email: 'longest@example.org', source: longest })
    assert.equal((await rowOf(petition, 'longest@example.org')).source, longest)
  })

  test('the share buttons, the widget and the QR code carry their codes; canonical and og:url do not', async ({
    client,
    assert,
  }) => {
    const { petition } = await ownedPetition()
    const address = `${SITE}/petition/${petition.slug}`
    const html = (await client.get(`/petition/${petition.slug}?source=newsletter-dec`)).text()
    const unescaped = html.replace(/&amp;/g, '&')
    for (const network of ['facebook', 'x', 'linkedin', 'telegram', 'reddit']) {
      assert.include(unescaped, `=${encodeURIComponent(`${address}?source=share-${network}`)}`)
    }
    for (const network of ['whatsapp', 'email']) {
      assert.include(unescaped, encodeURIComponent(` ${address}?source=share-${network}`))
    }
    const canonical = html.match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)?.[1]
    const ogUrl = html.match(/<meta[^>]*property="og:url"[^>]*content="([^"]*)"/)?.[1]
    assert.equal(canonical, address)
    assert.equal(ogUrl, address)
    // The guest's page cannot name the code it was opened with: the form reads it in the browser.
    assert.notInclude(html.replace(/"url":"[^"]*"/g, ''), 'newsletter-dec')

    const widget = (await client.get(`/petition/${petition.slug}/embed`)).text()
    assert.include(widget, `href="${address}?source=widget"`)
    const sitemap = (await client.get('/sitemap.xml')).text()
    assert.notInclude(sitemap, 'source=')
  })
})

test.group('Where signatures came from: the contact opt-in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('off unless ticked', async ({ client, assert }) => {
    const { petition } = await ownedPetition()
    await sign(client, petition)
    await sign(client, petition, { email: 'unticked@example.org', contactConsent: false })
    for (const email of ['olena@example.org', 'unticked@example.org']) {
      const row = await rowOf(petition, email)
      assert.isNull(row.contact_consent_at)
      assert.isNull(row.contact_consent_text)
    }
  })

  test('a French signer who ticks it stores the French sentence the server renders, with the time', async ({
    client,
    assert,
  }) => {
    const { petition } = await ownedPetition()
    const before = DateTime.utc().minus({ seconds: 1 })
    await sign(client, petition, {
      contactConsent: true,
      // Whatever the browser sends as the sentence is not what is stored.
      contactConsentText: 'I agree to anything',
    }).header('host', 'fr.undersign.test')
    const row = await rowOf(petition, 'olena@example.org')
    assert.equal(
      row.contact_consent_text,
      'Oksana Melnyk peut me contacter au sujet de cette campagne'
    )
    assert.equal(
      row.contact_consent_text,
      fr.t('sources.sign.contact_consent', { owner: 'Oksana Melnyk' })
    )
    assert.isTrue(storedDateTime(row.contact_consent_at)! >= before)
  })

  test('a member who ticks it consents the same way', async ({ client, assert }) => {
    const { petition } = await ownedPetition()
    const member = await makeMember({ email: 'taras@example.org' })
    await sign(client, petition, { contactConsent: true }, member)
    const row = await rowOf(petition, 'taras@example.org')
    assert.equal(
      row.contact_consent_text,
      en.t('sources.sign.contact_consent', { owner: 'Oksana Melnyk' })
    )
    assert.isNotNull(row.contact_consent_at)
  })

  test('signing again over an unconfirmed signature: the new signer’s choice and source win', async ({
    client,
    assert,
  }) => {
    const { petition } = await ownedPetition()
    await sign(client, petition, {
      firstName: 'Mallory',
      contactConsent: true,
      source: 'share-x',
    })
    assert.isNotNull((await rowOf(petition, 'olena@example.org')).contact_consent_at)
    await sign(client, petition, { contactConsent: false, source: 'newsletter-dec' })
    let rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].first_name, 'Olena')
    assert.equal(rows[0].source, 'newsletter-dec')
    assert.isNull(rows[0].contact_consent_at)
    assert.isNull(rows[0].contact_consent_text)

    // And the other way round, in the new signer's language.
    await sign(client, petition, { contactConsent: true }).header('host', 'fr.undersign.test')
    rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.isNull(rows[0].source)
    assert.equal(
      rows[0].contact_consent_text,
      fr.t('sources.sign.contact_consent', { owner: 'Oksana Melnyk' })
    )
  })

  test('the owner’s CSV ends with the source, the consent and its time', async ({
    client,
    assert,
  }) => {
    const { owner, petition } = await ownedPetition()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'consenting@example.org',
      source: 'newsletter-dec',
      contactConsentAt: DateTime.fromISO('2026-11-20T08:35:15Z', { zone: 'utc' }),
      contactConsentText: 'Oksana Melnyk may contact me about this campaign',
    }).create()
    await SignatureFactory.merge({ petitionId: petition.id, email: 'plain@example.org' }).create()
    const response = await client
      .post(`/petition/${petition.guid}/signatures/download`)
      .withCsrfToken()
      .loginAs(owner)
    response.assertStatus(200)
    const [header, ...rows] = parseCsv(response.text().slice(1))
    assert.deepEqual(header.slice(-4, -1), [
      'Source',
      'Contact consent',
      'Contact consent at (UTC)',
    ])
    const byEmail = new Map(rows.map((row) => [row[3], row]))
    assert.deepEqual(byEmail.get('consenting@example.org')!.slice(-4, -1), [
      'newsletter-dec',
      'Yes',
      '2026-11-20 08:35:15',
    ])
    assert.deepEqual(byEmail.get('plain@example.org')!.slice(-4, -1), ['', 'No', ''])
  })
})

test.group('Where signatures came from: counted by source and by day', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  /** A petition with signatures of three sources over UTC days, some not counted. */
  async function petitionWithSources() {
    const { owner, petition } = await ownedPetition()
    await confirmedAt(petition, 'newsletter-dec', [
      '2026-03-01T23:59:30Z',
      '2026-03-02T00:00:10Z',
      '2026-03-02T12:00:00Z',
    ])
    await confirmedAt(petition, 'share-whatsapp', ['2026-03-02T08:00:00Z'])
    await confirmedAt(petition, null, ['2026-03-01T10:00:00Z', '2026-03-04T10:00:00Z'])
    // Not counted: switched off, and not confirmed.
    await confirmedAt(petition, 'newsletter-dec', ['2026-03-02T09:00:00Z'], 'inactive')
    await confirmedAt(petition, 'share-x', ['2026-03-02T09:00:00Z'], 'unconfirmed')
    // Another petition's signatures count for it only.
    const other = await ownedPetitionOf(owner)
    await confirmedAt(other, 'newsletter-dec', ['2026-03-02T09:00:00Z'])
    return { owner, petition }
  }

  async function ownedPetitionOf(owner: User) {
    return PetitionFactory.apply('published').merge({ userId: owner.id }).create()
  }

  /** The same figures, counted from the signatures' rows. */
  async function countedFromRows(petition: Petition) {
    const counted = (await signatureRows(petition)).filter(
      (row) => row.confirmed_at !== null && Boolean(row.active)
    )
    const bySource = new Map<string, number>()
    const byDay = new Map<string, number>()
    for (const row of counted) {
      const source = row.source ?? 'direct'
      const day = storedDateTime(row.confirmed_at)!.toISODate()
      bySource.set(source, (bySource.get(source) ?? 0) + 1)
      byDay.set(`${day} ${source}`, (byDay.get(`${day} ${source}`) ?? 0) + 1)
    }
    return { bySource, byDay }
  }

  test('the counts equal the signatures table: confirmed and counted only, by UTC day', async ({
    assert,
  }) => {
    const { petition } = await petitionWithSources()
    const { sources, days } = await signatureSources(petition.id)
    assert.deepEqual(sources, [
      { source: 'newsletter-dec', confirmed: 3 },
      { source: 'direct', confirmed: 2 },
      { source: 'share-whatsapp', confirmed: 1 },
    ])
    assert.deepEqual(days, [
      { day: '2026-03-01', source: 'direct', confirmed: 1 },
      { day: '2026-03-01', source: 'newsletter-dec', confirmed: 1 },
      { day: '2026-03-02', source: 'newsletter-dec', confirmed: 2 },
      { day: '2026-03-02', source: 'share-whatsapp', confirmed: 1 },
      { day: '2026-03-04', source: 'direct', confirmed: 1 },
    ])
    const fromRows = await countedFromRows(petition)
    assert.deepEqual(new Map(sources.map((row) => [row.source, row.confirmed])), fromRows.bySource)
    assert.deepEqual(
      new Map(days.map((row) => [`${row.day} ${row.source}`, row.confirmed])),
      fromRows.byDay
    )
  })

  test('the owner’s signatures page shows them; nobody else’s page does', async ({
    client,
    assert,
  }) => {
    const { owner, petition } = await petitionWithSources()
    const page = await client
      .get(`/petition/${petition.guid}/signatures`)
      .withInertia()
      .loginAs(owner)
    page.assertInertiaComponent('Petition/Signatures')
    assert.deepEqual(page.inertiaProps.sources, await signatureSources(petition.id))
    const stranger = await makeMember({ email: 'stranger@example.org' })
    const refused = await client
      .get(`/petition/${petition.guid}/signatures`)
      .withInertia()
      .loginAs(stranger)
    assert.include([403, 404], refused.status())
  })

  test('GET /api/v1/petitions/{guid}/sources gives its owner’s token the same figures', async ({
    client,
    assert,
  }) => {
    const { owner, petition } = await petitionWithSources()
    const { header } = await bearer(owner, ['signatures:read'])
    const response = await client
      .get(`/api/v1/petitions/${petition.guid}/sources`)
      .header('authorization', header)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      petition: { guid: petition.guid, slug: petition.slug },
      ...(await signatureSources(petition.id)),
    })
  })

  test('the API refuses without a token (401), a revoked or expired one (401), without the ability (403), and another’s petition (404)', async ({
    client,
    assert,
  }) => {
    const { owner, petition } = await petitionWithSources()
    const path = `/api/v1/petitions/${petition.guid}/sources`

    const anonymous = await client.get(path)
    anonymous.assertStatus(401)
    assert.equal(anonymous.body().errors[0].code, 'unauthorized')
    assert.match(anonymous.header('www-authenticate') ?? '', /^Bearer/)
    const wrong = await client.get(path).header('authorization', 'Bearer ust_not-a-token')
    wrong.assertStatus(401)

    const revoked = await bearer(owner, ['signatures:read'])
    await User.apiTokens.delete(owner, revoked.token.identifier)
    ;(await client.get(path).header('authorization', revoked.header)).assertStatus(401)
    const expired = await bearer(owner, ['signatures:read'])
    await db
      .from('api_tokens')
      .where('id', expired.token.identifier as number)
      // A Date, as the tokens' provider writes it (SQLite keeps its milliseconds).
      .update({ expires_at: new Date(Date.now() - 60_000) })
    ;(await client.get(path).header('authorization', expired.header)).assertStatus(401)

    const writer = await bearer(owner, ['signatures:write', 'webhooks:manage'])
    const forbidden = await client.get(path).header('authorization', writer.header)
    forbidden.assertStatus(403)
    assert.equal(forbidden.body().errors[0].code, 'forbidden')

    // Another member's token, a moderator's included, and a guid that names nothing.
    const stranger = await makeMember({ email: 'stranger@example.org', role: ROLE_MODERATOR })
    const strangers = await bearer(stranger, ['signatures:read'])
    const notTheirs = await client.get(path).header('authorization', strangers.header)
    notTheirs.assertStatus(404)
    assert.deepEqual(notTheirs.body(), {
      errors: [{ code: 'not_found', message: en.t('api.errors.not_found') }],
    })
    const missing = await client
      .get('/api/v1/petitions/00000000-0000-4000-8000-000000000000/sources')
      .header('authorization', strangers.header)
    missing.assertStatus(404)
    assert.equal(missing.body().errors[0].code, 'not_found')
  })
})

test.group('Where signatures came from: the signer’s data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the member’s data export has their signatures’ source and consent', async ({
    client,
    assert,
  }) => {
    const { petition } = await ownedPetition()
    const member = await makeMember({ email: 'taras@example.org' })
    await sign(client, petition, { contactConsent: true, source: 'newsletter-dec' }, member)
    const response = await client.get('/my/account/export').loginAs(member)
    response.assertStatus(200)
    const [signature] = JSON.parse(response.text()).signatures
    assert.equal(signature.source, 'newsletter-dec')
    assert.equal(
      signature.contactConsent.text,
      en.t('sources.sign.contact_consent', { owner: 'Oksana Melnyk' })
    )
    assert.match(signature.contactConsent.at, /^\d{4}-\d{2}-\d{2}T/)
  })

  test('anonymising a signature (retention, account deletion) erases the consent and keeps the source', async ({
    client,
    assert,
  }) => {
    const { petition } = await ownedPetition()
    const member = await makeMember({ email: 'taras@example.org' })
    await sign(client, petition, { contactConsent: true, source: 'newsletter-dec' }, member)
    await sign(client, petition, { contactConsent: true, source: 'share-x' })
    const guest = await rowOf(petition, 'olena@example.org')
    assert.isNotNull(guest.contact_consent_text)

    // The member deletes their account: their signature goes anonymous.
    await deleteAccount(member, 'en', { farewellMail: false })
    let rows = await signatureRows(petition)
    const erased = rows.find((row) => row.source === 'newsletter-dec')!
    assert.equal(erased.email, '')
    assert.isNull(erased.contact_consent_at)
    assert.isNull(erased.contact_consent_text)
    assert.isNotNull(
      rows.find((row) => row.email === 'olena@example.org')!.contact_consent_text,
      'the others keep theirs'
    )

    // The petition's retention period ends: everyone's goes.
    const longAgo = DateTime.utc().minus({ months: 14 }).toFormat(dbFormat())
    const noticed = DateTime.utc().minus({ months: 13 }).toFormat(dbFormat())
    await db
      .from('petitions')
      .where('id', petition.id)
      .update({ finished: true, finished_at: longAgo, retention_notice_sent_at: noticed })
    assert.isAbove(await eraseExpiredSignatures(), 0)
    rows = await signatureRows(petition)
    assert.sameMembers(
      rows.map((row) => row.source),
      ['newsletter-dec', 'share-x']
    )
    for (const row of rows) {
      assert.equal(row.email, '')
      assert.isNull(row.contact_consent_at)
      assert.isNull(row.contact_consent_text)
    }
  })
})
