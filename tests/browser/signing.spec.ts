import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import db from '@adonisjs/lucid/services/db'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { SignatureFactory } from '#database/factories/signature_factory'
import { COUNTRY_CODES, likelyCountryOf } from '#shared/countries'
import { LOCALES } from '#app/i18n/locales'

const uk = i18nManager.locale('uk')
const pt = i18nManager.locale('pt')
const de = i18nManager.locale('de')
const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim()

test.group('Browser: signing a petition', (group) => {
  browserJourneys(group)

  test('a guest signs in Ukrainian, confirms by mail and is counted; a second try is answered as a first', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ title: 'Збережемо парк Шевченка', allowComments: true, targetSignatures: 100 })
      .with('user')
      .with('customFields')
      .create()
    await insertSignatureRows(petition.id, 3)
    await recountSignatures(petition.id)
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'uk')
    // It allows opposition: the goal counts its supporters, named so.
    const count = (total: number) =>
      uk.t('page.show.supporters_of', { total, target: 100 }).replace(/\s/g, ' ')

    await inBrowser('guest signs', async (page) => {
      await visit(page, petitionUrl)
      const counter = page.getByTestId('signature-count')
      assert.equal((await counter.textContent())?.replace(/\s/g, ' '), count(3))
      const form = page.getByTestId('sign-form')

      // Nothing filled: every error under its field, the page scrolled to them.
      await form.getByTestId('sign-submit').click()
      await page.locator('[data-error-for="firstName"]').waitFor()
      for (const field of ['firstName', 'lastName', 'email', 'comment', 'customFields.0.value']) {
        assert.isTrue(await page.locator(`[data-error-for="${field}"]`).isVisible(), field)
      }
      await page.waitForFunction(`(() => {
        const { top } = document.querySelector('#sign-this-petition .is-invalid').getBoundingClientRect()
        return top >= 0 && top < window.innerHeight
      })()`)

      await form.locator('[name="firstName"]').fill('Олена')
      await form.locator('[name="lastName"]').fill('Коваль')
      await form.locator('[name="email"]').fill('olena.koval@example.org')
      await form.locator('[name="comment"]').fill('Парк потрібен нашим дітям і всьому місту.')
      await form.locator('[name="customFields.0.value"]').fill('Поділ')
      // Two labelled choices; support is chosen at first, opposition is chosen explicitly.
      const choice = form.getByTestId('support-choice')
      assert.include(
        await choice.locator('legend').textContent(),
        uk.t('page.petition_page.position')
      )
      const supportChoice = choice.getByLabel(uk.t('page.petition_page.i_support'))
      const opposeChoice = choice.getByLabel(uk.t('page.petition_page.i_oppose'))
      assert.isTrue(await supportChoice.isChecked())
      await choice.getByText(uk.t('page.petition_page.i_oppose')).click()
      assert.isTrue(await opposeChoice.isChecked())
      assert.isFalse(await supportChoice.isChecked())
      await form.getByTestId('sign-submit').click()

      // One dialog: almost done, check the inbox; it does not say the signature is recorded.
      const dialog = page.locator('.swal2-popup')
      await dialog
        .locator('.swal2-title', { hasText: uk.t('page.petition_page.almost_done_title') })
        .waitFor()
      assert.include(await dialog.textContent(), 'olena.koval@example.org')
      assert.equal(await dialog.locator('.swal2-confirm').textContent(), uk.t('common.ok'))
      await dialog.locator('.swal2-confirm').click()
      await dialog.waitFor({ state: 'detached' })
      // Not confirmed yet: the page waits for the confirmation, the count stays.
      const pending = page.getByTestId('signature-pending')
      await pending.waitFor()
      assert.include(
        await pending.textContent(),
        uk.t('page.petition_page.waiting', { email: 'olena.koval@example.org' })
      )
      assert.equal((await counter.textContent())?.replace(/\s/g, ' '), count(3))

      // The mail, in Ukrainian; its link opens a page whose button confirms.
      const [mail] = await outbox.to('olena.koval@example.org')
      assert.include(mail.subject, 'Збережемо парк Шевченка')
      await visit(page, linkIn(mail.html, '/signature/'))
      await page.getByTestId('confirm-signature').click()
      await page.waitForURL(petitionUrl)
      await page.getByTestId('signature-counts').waitFor()

      // The newest signature heads the list; the count follows within the flush interval.
      const newest = page.getByTestId('last-signature').first()
      assert.include(await newest.textContent(), 'Олена')
      assert.include(await newest.textContent(), 'Парк потрібен нашим дітям')
      await signatureCounter.flush()
      await visit(page, petitionUrl)
      // She opposes: the goal's supporters stay at 3, her opposition shows apart.
      assert.equal((await counter.textContent())?.replace(/\s/g, ' '), count(3))
      assert.equal(
        (await page.getByTestId('opposition-count').first().textContent())?.replace(/\s/g, ' '),
        uk.t('page.show.opposition', { count: 1 }).replace(/\s/g, ' ')
      )
    })

    // Another browser, the same mailbox: answered as a first signer (whoever typed the
    // address learns nothing); the mailbox alone hears that it had signed.
    await outbox.clear()
    await inBrowser('same e-mail again', async (page) => {
      await visit(page, petitionUrl)
      const form = page.getByTestId('sign-form')
      await form.locator('[name="firstName"]').fill('Олена')
      await form.locator('[name="lastName"]').fill('Коваль')
      await form.locator('[name="email"]').fill('Olena.Koval+again@example.org')
      await form.locator('[name="comment"]').fill('Підписую вдруге, бо дуже хочу допомогти.')
      await form.locator('[name="customFields.0.value"]').fill('Поділ')
      await form.getByTestId('sign-submit').click()
      const dialog = page.locator('.swal2-popup')
      await dialog
        .locator('.swal2-title', { hasText: uk.t('page.petition_page.almost_done_title') })
        .waitFor()
      assert.include(await dialog.textContent(), 'Olena.Koval+again@example.org')
      await dialog.locator('.swal2-confirm').click()
      await dialog.waitFor({ state: 'detached' })
      assert.include(
        await page.getByTestId('signature-pending').textContent(),
        uk.t('page.petition_page.waiting', { email: 'Olena.Koval+again@example.org' })
      )
      assert.equal(await page.getByTestId('messages').count(), 0)
    })
    const [told] = await outbox.to('olena.koval@example.org')
    assert.equal(told.subject, uk.t('mail.signed_again.subject', { title: petition.title }))
    const confirmed = await signatureCounter.flush().then(() => recountSignatures(petition.id))
    assert.equal(confirmed.changed, 0, 'the counters were exact')
  })

  test('a guest signs in Portuguese choosing a country by keyboard, and sees it on the map, in the top list and in the table', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Mais árvores na Avenida da Liberdade',
        targetSignatures: 50,
        allowComments: false,
      })
      .with('user')
      .create()
    await insertSignatureRows(petition.id, 4)
    await recountSignatures(petition.id)
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'pt')

    await inBrowser(
      'guest signs in Portuguese',
      async (page) => {
        await visit(page, petitionUrl)
        const form = page.getByTestId('sign-form')
        await form.locator('[name="firstName"]').fill('Maria')
        await form.locator('[name="lastName"]').fill('Santos')
        await form.locator('[name="email"]').fill('maria.santos@example.pt')
        // The country, named in Portuguese, first set to the language's likely one.
        const country = form.getByLabel(pt.t('page.sign.country'))
        assert.equal(await country.inputValue(), 'BR')
        assert.equal(spaces(await country.locator('option:checked').textContent()), 'Brasil')
        // Chosen by keyboard: from the e-mail field, Tab, then the first letters of its name.
        await form.locator('[name="email"]').focus()
        await page.keyboard.press('Tab')
        assert.equal(await page.evaluate('document.activeElement.name'), 'country')
        await page.keyboard.type('Mo')
        assert.equal(await country.inputValue(), 'MZ')
        await form.getByTestId('sign-submit').focus()
        await page.keyboard.press('Enter')

        const dialog = page.locator('.swal2-popup')
        await dialog
          .locator('.swal2-title', { hasText: pt.t('page.petition_page.almost_done_title') })
          .waitFor()
        await dialog.locator('.swal2-confirm').click()
        await dialog.waitFor({ state: 'detached' })
        const [mail] = await outbox.to('maria.santos@example.pt')
        await visit(page, linkIn(mail.html, '/signature/'))
        await page.getByTestId('confirm-signature').click()
        await page.waitForURL(petitionUrl)
        await page.getByTestId('signature-counts').waitFor()

        // The map's list and table follow the new count: Mozambique is there, named in Portuguese.
        const section = page.getByTestId('signers-map-section')
        await section.scrollIntoViewIfNeeded()
        await section.getByTestId('world-map').waitFor()
        await page.waitForFunction(
          `[...document.querySelectorAll('[data-testid="top-country"]')].some((item) => item.textContent.includes('Moçambique'))`,
          undefined,
          { timeout: 10_000 }
        )
        const mozambique = section.getByTestId('top-country').filter({ hasText: 'Moçambique' })
        // 1 of 5 signatures, as Portuguese writes it.
        assert.include(
          spaces(await mozambique.textContent()),
          new Intl.NumberFormat('pt', { style: 'percent' }).format(0.2)
        )
        assert.isString(await section.locator('path[data-country="MZ"]').getAttribute('fill'))
        const toggle = section.getByTestId('country-table-toggle')
        await toggle.focus()
        await page.keyboard.press('Enter')
        const row = section.getByTestId('country-row').filter({ hasText: 'Moçambique' })
        await row.waitFor()
        assert.equal(spaces(await row.locator('td').first().textContent()), '1')
        assert.deepEqual(describeViolations('page with the map', await seriousViolations(page)), [])
      },
      { width: 1280, height: 900 }
    )
    const [stored] = await signatureRowsOf(petition.id, 'maria.santos@example.pt')
    assert.equal(stored.country, 'MZ')
  })

  test('in every language the sign form lists the countries without a hydration mismatch; in German it asks for a postal code, passes axe with its errors, and the owner sees both', async ({
    assert,
  }) => {
    const owner = await makeMember({ email: 'owner.berlin@example.org', locale: 'de' })
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Mehr Bäume für die Karl-Marx-Allee',
        userId: owner.id,
        allowComments: false,
        askPostalCode: true,
        targetSignatures: 100,
      })
      .create()
    // Signed before the form asked for a country.
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Frühe',
      lastName: 'Unterzeichnerin',
      country: null,
    }).create()
    await recountSignatures(petition.id)
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'de')

    await inBrowser('the sign form in every language', async (page) => {
      const hydrationErrors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat/i.test(message.text())) {
          hydrationErrors.push(message.text().slice(0, 300))
        }
      })
      for (const locale of LOCALES) {
        const url = siteUrl(`/petition/${petition.slug}`, locale)
        await visit(page, url)
        // The server renders the chosen country alone, as the browser's first render does.
        const html = await page.evaluate<string>(
          `fetch(${JSON.stringify(url)}, { credentials: 'omit' }).then((response) => response.text())`
        )
        const served = html.match(/<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? ''
        assert.deepEqual(
          [...served.matchAll(/<option[^>]*value="([A-Z]{2})"/g)].map(([, code]) => code),
          [likelyCountryOf(locale)],
          locale
        )
        const country = page.getByTestId('sign-form').locator('select[name="country"]')
        // Hydrated, the select lists every country, first set to the language's likely one.
        await page.waitForFunction(
          `document.querySelectorAll('select[name="country"] option').length === ${COUNTRY_CODES.length}`
        )
        assert.equal(await country.inputValue(), likelyCountryOf(locale), locale)
        assert.equal(await country.getAttribute('autocomplete'), 'country', locale)
      }
      assert.deepEqual(hydrationErrors, [])
    })

    await inBrowser('a German signer with a postal code', async (page) => {
      await visit(page, petitionUrl)
      const form = page.getByTestId('sign-form')
      const postalCode = form.getByLabel(de.t('page.sign.postal_code'))
      assert.equal(await postalCode.getAttribute('autocomplete'), 'postal-code')
      assert.equal(await postalCode.getAttribute('maxlength'), '20')

      // Sent empty: the errors under their fields, and axe finds nothing on the form.
      await form.getByTestId('sign-submit').click()
      await page.locator('[data-error-for="firstName"]').waitFor()
      assert.equal(await page.locator('[data-error-for="country"]').count(), 0)
      assert.deepEqual(
        describeViolations(
          'sign form with errors (de)',
          await seriousViolations(page, '[data-testid="sign-form"]')
        ),
        []
      )

      await form.locator('[name="firstName"]').fill('Anna')
      await form.locator('[name="lastName"]').fill('Gruber')
      await form.locator('[name="email"]').fill('anna.gruber@example.ch')
      // Chosen by keyboard: Tab from the e-mail field, then the first letters of its German name.
      const country = form.getByLabel(de.t('page.sign.country'))
      assert.equal(await country.inputValue(), 'DE')
      await form.locator('[name="email"]').focus()
      await page.keyboard.press('Tab')
      assert.equal(await page.evaluate('document.activeElement.name'), 'country')
      await page.keyboard.type('Schwei')
      assert.equal(await country.inputValue(), 'CH')
      assert.equal(spaces(await country.locator('option:checked').textContent()), 'Schweiz')
      await page.keyboard.press('Tab')
      assert.equal(await page.evaluate('document.activeElement.name'), 'postalCode')
      await page.keyboard.type(' CH-8001 ')
      await form.getByTestId('sign-submit').click()
      const dialog = page.locator('.swal2-popup')
      await dialog
        .locator('.swal2-title', { hasText: de.t('page.petition_page.almost_done_title') })
        .waitFor()
      await dialog.locator('.swal2-confirm').click()
      await dialog.waitFor({ state: 'detached' })
    })
    const [stored] = await signatureRowsOf(petition.id, 'anna.gruber@example.ch')
    assert.equal(stored.country, 'CH')
    assert.equal(stored.postal_code, 'CH-8001')

    await inBrowser("the owner's table", async (page) => {
      await logIn(page, owner.email, PASSWORD, 'de')
      await visit(page, siteUrl(`/petition/${petition.guid}/signatures`, 'de'))
      const table = page.getByTestId('signatures-table')
      const headers = (await table.locator('thead th').allTextContents()).map(spaces)
      assert.includeMembers(headers, [
        de.t('page.signatures.country'),
        de.t('page.signatures.postal_code'),
      ])
      const anna = table.getByTestId('signature-row').filter({ hasText: 'Anna' })
      assert.equal(spaces(await anna.getByTestId('country-cell').textContent()), 'Schweiz')
      assert.include(spaces(await anna.textContent()), 'CH-8001')
      const early = table.getByTestId('signature-row').filter({ hasText: 'Frühe' })
      assert.equal(
        spaces(await early.getByTestId('country-cell').textContent()),
        de.t('page.signatures.unknown_country')
      )
    })
  })

  test('a petition that asks for a comment says so in its label before anyone sends the form, in Ukrainian', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ allowComments: true, lang: 'uk' })
      .with('user')
      .create()
    await inBrowser('the comment is required', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'uk'))
      const comment = page
        .getByTestId('sign-form')
        .getByLabel(`${uk.t('page.sign.comment')} (${uk.t('page.sign.required')})`)
      assert.equal(await comment.getAttribute('aria-required'), 'true')
      assert.equal(await page.getByTestId('sign-form').locator('.invalid-feedback').count(), 0)
    })
  })
})

function signatureRowsOf(petitionId: number, email: string) {
  return db.from('signatures').where({ petition_id: petitionId, email })
}
