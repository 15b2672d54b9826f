import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { PASSWORD, makeMember } from '#tests/helpers/auth'
import { countsOf, signatureRows } from '#tests/helpers/signatures'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { signatureMails } from '#runtime/signatures/signature_mails'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const de = i18nManager.locale('de')
const fr = i18nManager.locale('fr')

test.group('Browser: withdrawing a signature', (group) => {
  browserJourneys(group)

  test('a guest withdraws in German from the link of the mail that said it is confirmed', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Mehr Bäume für die Altstadt' })
      .with('user')
      .create()
    const signature = await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Jonas',
      email: 'jonas@example.org',
      locale: 'de',
      confirmationToken: 'jonas-secret-token-0001',
      linkMailDueAt: DateTime.utc(),
    }).create()
    await SignatureFactory.merge({ petitionId: petition.id, email: 'other@example.org' }).create()
    await recountSignatures(petition.id)
    // The notice that it is confirmed, as the signature mailer sends it.
    await signatureMails.deliver([signature.id])
    const [mail] = await outbox.to('jonas@example.org')
    assert.match(mail.subject, /^Ihre Unterschrift ist bestätigt/)

    await inBrowser('guest withdraws', async (page) => {
      await visit(page, linkIn(mail.html, '/withdraw'))
      const summary = page.getByTestId('withdraw-summary')
      assert.include(await summary.textContent(), 'Mehr Bäume für die Altstadt')
      assert.include(await summary.textContent(), 'Jonas')
      // Opening the page changed nothing.
      assert.lengthOf(await signatureRows(petition), 2)

      await page.getByTestId('withdraw-signature').focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(siteUrl(`/petition/${petition.slug}`, 'de'))
      const dialog = page.locator('.swal2-popup')
      await dialog.locator('.swal2-title', { hasText: de.t('page.withdraw.done_title') }).waitFor()
      await dialog.locator('.swal2-confirm').click()
    })
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => row.email),
      ['other@example.org']
    )
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
  })

  test('a member finds their signatures in French and withdraws one after confirming', async ({
    assert,
  }) => {
    const member = await makeMember({ email: 'camille@example.org' })
    const kept = await PetitionFactory.apply('published')
      .merge({ title: 'Une piste cyclable rue Victor-Hugo' })
      .with('user')
      .create()
    const left = await PetitionFactory.apply('published')
      .merge({ title: 'Sauvons la piscine municipale' })
      .with('user')
      .create()
    await SignatureFactory.merge({
      petitionId: kept.id,
      userId: member.id,
      email: member.email,
    }).create()
    await SignatureFactory.apply('anonymous')
      .merge({ petitionId: left.id, userId: member.id, email: member.email })
      .create()
    await recountSignatures()

    await inBrowser('member withdraws', async (page) => {
      await visit(page, siteUrl('/login', 'fr'))
      const login = page.getByTestId('login-form')
      await login.locator('[name="email"]').fill(member.email)
      await login.locator('[name="password"]').fill(PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])

      await page
        .getByRole('link', { name: fr.t('common.nav.my_signatures') })
        .first()
        .click()
      await page.waitForURL(/\/my\/signatures$/)
      const items = page.getByTestId('my-signature')
      assert.equal(await items.count(), 2)
      const pool = items.filter({ hasText: 'Sauvons la piscine municipale' })
      assert.include(await pool.textContent(), fr.t('page.my_signatures.anonymous'))

      // Cancelling the dialog keeps it; confirming withdraws it.
      await pool.getByTestId('withdraw').click()
      const dialog = page.locator('.swal2-popup')
      await dialog.locator('.swal2-cancel').click()
      await dialog.waitFor({ state: 'detached' })
      assert.equal(await items.count(), 2)
      await pool.getByTestId('withdraw').click()
      await dialog.locator('.swal2-confirm').click()
      await page
        .getByTestId('messages')
        .getByText(fr.t('page.withdraw.done_text', { title: 'Sauvons la piscine municipale' }))
        .waitFor()
      assert.equal(await items.count(), 1)
      assert.include(await items.first().textContent(), 'Une piste cyclable rue Victor-Hugo')
    })
    assert.lengthOf(await signatureRows(left), 0)
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(left), { support: 0, oppose: 0 })
    assert.deepEqual(await countsOf(kept), { support: 1, oppose: 0 })
  })
})
