import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import Petition from '#models/petition'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'
import { UserFactory } from '#database/factories/user_factory'
import { PetitionFactory } from '#database/factories/petition_factory'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { submitPetitionForm } from '#tests/helpers/petition_form'

const EMAIL = 'autrice@example.com'
const PASSWORD = 'violet-river-3141'
const it = i18nManager.locale('it')

/** The id and name of the element that has the keyboard's focus. */
const focused = (page: Page) =>
  page.evaluate<{ id: string; name: string | null }>(
    '({ id: document.activeElement.id, name: document.activeElement.getAttribute("name") })'
  )

test.group("Browser: the petition form's decision makers", (group) => {
  browserJourneys(group)

  test("an owner in Italian gives a recipient's address and a milestone by keyboard; both are there when the form is opened again", async ({
    assert,
  }) => {
    const owner = await UserFactory.merge({
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Giulia',
    }).create()
    const petition = await PetitionFactory.apply('published')
      .merge({ userId: owner.id, title: 'Salviamo il parco del Valentino', lang: 'it' })
      .create()
    const letter = await Letter.create({
      petitionId: petition.id,
      payload: 'Gentile sindaca,\nsalvi il parco.',
      position: 0,
    })
    const recipient = await LetterRecipient.create({
      letterId: letter.id,
      name: 'Olga Bondi',
      payload: 'Sindaca di Torino',
      position: 0,
    })

    await inBrowser(
      'recipient address and milestone',
      async (page) => {
        await logIn(page, EMAIL, PASSWORD, 'it')
        await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'it'))
        const form = page.getByTestId('petition-form')

        // The address field, found by its label, says who sees it and what it is for.
        const address = form.getByLabel(it.t('page.petition.recipient_email'))
        assert.equal(await address.getAttribute('type'), 'email')
        assert.equal(await address.inputValue(), '')
        // On a phone it takes the screen's width, as the recipient's other fields do.
        const width = (await address.boundingBox())!.width
        assert.isAbove(width, 300)
        const name = form.locator('[name="letters.0.recipients.0.name"]')
        assert.approximately((await name.boundingBox())!.width, width, 2)
        const hintId = (await address.getAttribute('aria-describedby'))!
        assert.equal(
          await page.locator(`[id="${hintId}"]`).textContent(),
          it.t('page.petition.recipient_email_hint')
        )

        // A bad address: the Italian error under the field, which gets the focus.
        await address.fill('olga al comune')
        await submitPetitionForm(page)
        const error = form.locator('[data-error-for="letters.0.recipients.0.email"]')
        await error.waitFor()
        assert.equal(
          await error.textContent(),
          'Inserisci un indirizzo e-mail valido per questo destinatario'
        )
        await page.waitForFunction('document.activeElement.type === "email"')
        assert.equal((await focused(page)).name, 'letters.0.recipients.0.email')
        assert.include((await address.getAttribute('aria-describedby'))!, `${hintId}`)
        const withError = await seriousViolations(page, '[data-testid="petition-form"]')
        assert.deepEqual(
          withError,
          [],
          describeViolations('form, bad address', withError).join('\n')
        )
        assert.isNull((await LetterRecipient.findOrFail(recipient.id)).email)

        await address.fill('Olga.Bondi@Comune.Torino.example')

        // Milestones: none yet; one added by keyboard, its field gets the focus.
        const milestones = form.getByTestId('milestones')
        assert.equal(
          await milestones.locator('legend').textContent(),
          it.t('page.petition.milestones')
        )
        assert.equal(
          await milestones.locator('#milestones-hint').textContent(),
          it.t('page.petition.milestones_hint')
        )
        assert.equal(await milestones.locator('input').count(), 0)
        await form.getByTestId('add-milestone').focus()
        await page.keyboard.press('Enter')
        await page.waitForFunction('document.activeElement.id === "milestone-0"')
        await page.keyboard.type('5000')
        const first = form.getByLabel(it.t('page.petition.milestone_n', { n: 1 }), { exact: true })
        assert.equal(await first.inputValue(), '5000')
        assert.equal(await first.getAttribute('inputmode'), 'numeric')

        // A second one, then removed again: the focus goes back to the add button.
        await page.keyboard.press('Tab')
        assert.equal(
          await page.evaluate('document.activeElement.getAttribute("aria-label")'),
          it.t('page.petition.remove_milestone', { n: 1 })
        )
        await page.keyboard.press('Tab')
        await page.keyboard.press('Enter')
        await page.waitForFunction('document.activeElement.id === "milestone-1"')
        await page.keyboard.type('800')
        await page.keyboard.press('Tab')
        await page.keyboard.press('Enter')
        await page.waitForFunction(
          'document.activeElement.getAttribute("data-testid") === "add-milestone"'
        )
        assert.equal(await milestones.locator('input').count(), 1)

        const settings = await seriousViolations(page, '[data-testid="settings-section"]')
        assert.deepEqual(settings, [], describeViolations('settings', settings).join('\n'))

        await submitPetitionForm(page)
        await page.getByText(it.t('page.petition.saved')).first().waitFor()
        assert.equal(await form.locator('[data-error-for]').count(), 0)
        const saved = await Petition.findOrFail(petition.id)
        assert.deepEqual(saved.milestones, [5000])
        const kept = await LetterRecipient.findOrFail(recipient.id)
        assert.equal(kept.email, 'olga.bondi@comune.torino.example', 'the recipient keeps its id')

        // Opened again: the address (lower-cased) and the milestone.
        await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'it'))
        assert.equal(
          await form.getByLabel(it.t('page.petition.recipient_email')).inputValue(),
          'olga.bondi@comune.torino.example'
        )
        assert.equal(
          await form
            .getByLabel(it.t('page.petition.milestone_n', { n: 1 }), { exact: true })
            .inputValue(),
          '5000'
        )
        const whole = await seriousViolations(page, '[data-testid="petition-form"]')
        assert.deepEqual(whole, [], describeViolations('form, saved', whole).join('\n'))
      },
      { width: 390, height: 844 }
    )
  })

  test('a milestone the server refuses shows its error under its own field, and a repeated one under the list', async ({
    assert,
  }) => {
    const owner = await UserFactory.merge({ email: EMAIL, password: PASSWORD }).create()
    const petition = await PetitionFactory.apply('published')
      .merge({ userId: owner.id, milestones: [100, 200, 300, 400, 500] })
      .create()

    await inBrowser('milestone errors', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'it')
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'it'))
      const form = page.getByTestId('petition-form')
      const milestones = form.getByTestId('milestones')
      assert.equal(await milestones.locator('input').count(), 5)
      // Five at most: the add button is off.
      assert.isTrue(await form.getByTestId('add-milestone').isDisabled())

      // The second field left empty is not sent: the third's error is shown under the third.
      await milestones.locator('input').nth(1).fill('')
      await milestones.locator('input').nth(2).fill('20000000')
      await submitPetitionForm(page)
      const tooBig = milestones.locator('[data-error-for="milestones.1"]')
      await tooBig.waitFor()
      assert.equal(await tooBig.getAttribute('id'), 'milestone-2-error')
      assert.equal(
        await tooBig.textContent(),
        'Un traguardo può essere al massimo di 10.000.000 firme'
      )
      assert.equal(await milestones.locator('input').nth(2).getAttribute('aria-invalid'), 'true')
      assert.equal((await focused(page)).id, 'milestone-2')
      const violations = await seriousViolations(page, '[data-testid="settings-section"]')
      assert.deepEqual(violations, [], describeViolations('milestone error', violations).join('\n'))

      // Repeated: the list's error, under the list; the field's error is gone.
      await milestones.locator('input').nth(2).fill('100')
      await submitPetitionForm(page)
      const repeated = milestones.locator('[data-error-for="milestones"]')
      await repeated.waitFor()
      assert.equal(await tooBig.count(), 0)
      assert.equal(
        await repeated.textContent(),
        'Ogni traguardo può essere indicato una sola volta'
      )
      assert.deepEqual(
        (await Petition.findOrFail(petition.id)).milestones,
        [100, 200, 300, 400, 500]
      )
    })
  })
})
