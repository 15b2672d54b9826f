import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { appKey } from '#config/app'
import { site } from '#config/site'
import PetitionReport from '#models/petition_report'
import Signature from '#models/signature'
import { LOCALES } from '#app/i18n/locales'
import { PetitionFactory } from '#database/factories/petition_factory'
import { makeMember } from '#tests/helpers/auth'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'
import { signatureCounter } from '#runtime/signatures/counter'
import { LOG_LEAVES } from '#runtime/transparency/log_tables'
import { commitmentOf } from '#support/receipts'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { anonymiseSignatures } from '#services/signatures/personal_data'

/** Text as React writes it into the HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

/** The site of a language, as the test client reaches it. */
const hostOf = (locale: string) => (locale === 'en' ? 'undersign.test' : `${locale}.undersign.test`)

/** The paragraphs of the policy's section on the public log of counts, in the page's order. */
const LOG_PARAGRAPHS = ['holds', 'append_only', 'receipt', 'kept']

/** Every field of an online signature's leaf, as the policy's "holds" lists them. */
const LEAF_FIELDS = ['v', 'petition', 'event', 'side', 'n', 'hour', 'commitment']

/**
 * What each language's policy must say of a guest's report, in its own
 * words: the IP address, a hash of it made with a secret key; and what it
 * must no longer say: that the code comes from the e-mail address.
 */
const GUEST_REPORT_WORDS: Record<string, { says: string[]; never: string }> = {
  en: { says: ['keyed hash', 'IP address', 'secret key'], never: 'e-mail' },
  es: { says: ['hash', 'dirección IP', 'clave secreta'], never: 'correo' },
  fr: { says: ['empreinte', 'adresse IP', 'clé secrète'], never: 'e-mail' },
  de: { says: ['Hashwert', 'IP-Adresse', 'geheimen Schlüssel'], never: 'E-Mail' },
  it: { says: ['hash', 'indirizzo IP', 'chiave segreta'], never: 'e-mail' },
  uk: { says: ['хеш', 'IP-адрес', 'секретним ключем'], never: 'електронн' },
  pt: { says: ['hash', 'endereço IP', 'chave secreta'], never: 'e-mail' },
  ru: { says: ['хеш', 'IP-адрес', 'секретным ключом'], never: 'электронн' },
}

test.group('The privacy policy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('it says what a guest’s report keeps, as the code keeps it: a keyed hash of the IP address', async ({
    client,
    assert,
  }) => {
    // What the code keeps: the app key's HMAC-SHA256 of the address, never the address.
    const petition = await PetitionFactory.apply('published').with('user').create()
    const ip = '198.51.100.23'
    const reported = await client
      .post(`/petition/${petition.guid}/report`)
      .header('x-forwarded-for', ip)
      .header('referer', `http://undersign.test/petition/${petition.slug}`)
      .form({ reason: 'spam' })
      .withCsrfToken()
      .redirects(0)
    reported.assertStatus(302)
    const stored = await PetitionReport.findByOrFail('petition_id', petition.id)
    const keyedHash = createHmac('sha256', appKey.release()).update(ip).digest('hex')
    assert.equal(stored.reporterKey, `guest:${keyedHash.slice(0, 40)}`)

    // What each language's policy says of it, on its own site.
    assert.sameMembers(Object.keys(GUEST_REPORT_WORDS), [...LOCALES])
    for (const locale of LOCALES) {
      const text = i18nManager.locale(locale).t('page.privacy.section7.items.moderation')
      const html = (await client.get('/privacy-policy').header('host', hostOf(locale))).text()
      assert.include(html, `<li>${asHtml(text)}</li>`, locale)
      const { says, never } = GUEST_REPORT_WORDS[locale]
      for (const words of says) assert.include(text, words, locale)
      assert.notInclude(text, never, locale)
    }
  })

  test('the FAQ and the policy tell about the public log of counts and the receipt, in every language', async ({
    client,
    assert,
  }) => {
    for (const locale of LOCALES) {
      const t = (key: string) => i18nManager.locale(locale).t(key)
      const faq = (await client.get('/faq').header('host', hostOf(locale))).text()
      assert.include(faq, 'id="que7"', locale)
      assert.include(faq, asHtml(t('page.faq.que7.question')), locale)
      assert.include(faq, asHtml(t('page.faq.que7.answer')), locale)

      const policy = (await client.get('/privacy-policy').header('host', hostOf(locale))).text()
      const section = policy.slice(policy.indexOf('data-testid="privacy-log"'))
      assert.include(section, `<h3 class="h5 mt-3">${asHtml(t('page.privacy.log.title'))}</h3>`)
      for (const paragraph of LOG_PARAGRAPHS) {
        assert.include(section, `<p>${asHtml(t(`page.privacy.log.${paragraph}`))}</p>`, locale)
      }
    }
  })

  test('the FAQ and the policy tell what a verified identity shows and keeps, in every language', async ({
    client,
    assert,
  }) => {
    for (const locale of LOCALES) {
      const t = (key: string) => i18nManager.locale(locale).t(key, { appName: site.name })
      const faq = (await client.get('/faq').header('host', hostOf(locale))).text()
      assert.include(faq, 'id="que8"', locale)
      assert.include(faq, asHtml(t('page.faq.que8.answer')), locale)

      const policy = (await client.get('/privacy-policy').header('host', hostOf(locale))).text()
      const section = policy.slice(policy.indexOf('data-testid="privacy-identity"'))
      assert.include(
        section,
        `<h3 class="h5 mt-3">${asHtml(t('page.privacy.identity.title'))}</h3>`
      )
      for (const paragraph of ['provider', 'kept', 'retention', 'account']) {
        const text = t(`page.privacy.identity.${paragraph}`)
        assert.include(section, `<p>${asHtml(text)}</p>`, locale)
        assert.notInclude(text, '{', locale)
      }
      assert.include(policy, `<li>${asHtml(t('page.privacy.section7.items.identity'))}</li>`)
    }
  })

  test('it says what the log and the receipt keep, as the code keeps them', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const olena = await makeMember({ email: 'olena@example.org', firstName: 'Olena' })
    const ivan = await makeMember({ email: 'ivan@example.org', firstName: 'Ivan' })
    for (const member of [olena, ivan]) {
      ;(await sign(client, petition, { email: member.email }, member)).assertStatus(302)
    }
    // A guest, known by the cookie of the browser that signed, confirms from the mail.
    const guestSigned = await sign(client, petition, { email: 'dana@example.org' })
    const guestCookie = guestSigned.cookie('signed_petitions')!.value
    const guestRow = (await signatureRows(petition)).find((row) => row.email === 'dana@example.org')
    ;(await client.post(confirmationPath(guestRow)).withCsrfToken().redirects(0)).assertStatus(302)
    await signatureCounter.flush()
    const signatureOf = (email: string) =>
      Signature.query().where('petition_id', petition.id).where('email', email).firstOrFail()
    const olenasSignature = await signatureOf(olena.email)
    const leavesOf = (secret: string) =>
      db.from(LOG_LEAVES).where('commitment', commitmentOf(secret)).orderBy('leaf_index')

    // "holds": petition, event, side, n, hour and the commitment of a random secret; nothing of the signer.
    const secret = olenasSignature.receiptSecret!
    const [added] = await leavesOf(secret)
    const leaf = JSON.parse(added.leaf)
    assert.deepEqual(Object.keys(leaf), LEAF_FIELDS)
    assert.containSubset(leaf, { petition: petition.guid, event: 'add', side: 'support', n: 1 })
    for (const trace of ['Olena', 'Koval', 'example.org', olena.email]) {
      assert.notInclude(added.leaf, trace)
    }

    // "append_only", "kept": a withdrawal adds a removal after the entry and deletes the secret with the row.
    assert.isTrue(await withdrawSignature(olenasSignature))
    await signatureCounter.flush()
    const leaves = await leavesOf(secret)
    const events = leaves.map((row) => row.event)
    assert.deepEqual(events, ['add', 'remove'])
    assert.equal(leaves[0].leaf_index, added.leaf_index)
    assert.isNull(await db.from('signatures').where('receipt_secret', secret).first())

    // "kept": erased personal data leave the secret on the anonymous rows; nobody is shown the receipt.
    const ivansPage = () => client.get(`/petition/${petition.slug}`).withInertia().loginAs(ivan)
    const guestsPage = () =>
      client
        .get(`/petition/${petition.slug}`)
        .withInertia()
        .withCookie('signed_petitions', guestCookie)
    for (const page of [ivansPage, guestsPage]) {
      assert.match((await page()).inertiaProps.mySignature.receipt, /^\d+\.[\w-]{22}$/)
    }
    const kept = await Signature.query().where('petition_id', petition.id).orderBy('id')
    const keptIds = kept.map((row) => row.id)
    await db.transaction((trx) =>
      anonymiseSignatures(trx, (query) => {
        query.whereIn('id', keptIds)
      })
    )
    const anonymous = await Signature.query().whereIn('id', keptIds).orderBy('id')
    assert.deepEqual(
      anonymous.map((row) => [row.email, row.receiptSecret]),
      kept.map((row) => ['', row.receiptSecret])
    )
    for (const page of [ivansPage, guestsPage]) {
      assert.isNull((await page()).inertiaProps.mySignature)
    }
    const mine = await client.get('/my/signatures').withInertia().loginAs(ivan)
    assert.lengthOf(mine.inertiaProps.signatures.data, 0)
  })
})
