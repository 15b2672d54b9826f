import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import PetitionResponse from '#models/petition_response'
import { ROLE_MODERATOR } from '#models/user'
import { signPetition, type SignInput } from '#services/signatures/signing'
import { confirmSignature } from '#services/signatures/confirmation'
import { signatureCounter } from '#runtime/signatures/counter'
import PetitionChanged from '#events/petition_changed'
import { UserFactory } from '#database/factories/user_factory'
import { PetitionFactory } from '#database/factories/petition_factory'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { letterTo } from '#tests/helpers/decision_makers'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { submitPetitionForm } from '#tests/helpers/petition_form'

const EMAIL = 'giulia@example.com'
const PASSWORD = 'violet-river-3141'
const PASSWORD_MODERATOR = 'amber-lake-2718'
const RECIPIENT = 'olga.bondi@comune.torino.example'
const it = i18nManager.locale('it')
const de = i18nManager.locale('de')

/** Saves the edit form; the page then says it is saved. */
async function save(page: Page) {
  await submitPetitionForm(page)
  await page.getByText(it.t('page.petition.saved')).first().waitFor()
}

const noViolations = async (assert: any, page: Page, where: string) => {
  const found = await seriousViolations(page)
  assert.deepEqual(found, [], describeViolations(where, found).join('\n'))
}

/** Confirmed signatures, counted by the flush that follows. */
async function confirmedSignatures(petitionId: number, count: number) {
  const { default: Petition } = await import('#models/petition')
  const petition = await Petition.findOrFail(petitionId)
  for (let index = 0; index < count; index++) {
    const outcome = await signPetition(
      petition,
      {
        firstName: 'Marco',
        lastName: 'Rossi',
        email: `firmatario${index}@example.org`,
        country: index === 0 ? 'DE' : 'IT',
        support: true,
        customFields: [],
      } as SignInput,
      { user: null, locale: 'it' }
    )
    if (outcome.signed) await confirmSignature(outcome.signature)
  }
  await signatureCounter.flush()
  await PetitionChanged.handled()
}

test.group('Browser: decision makers in the loop', (group) => {
  browserJourneys(group)

  test('an owner in Italian addresses a recipient and a milestone; a moderator approves the address from the queue in Italian; the recipient answers in German from the mail; the page shows the badge with the domain and the history', async ({
    assert,
  }) => {
    await outbox.clear()
    const owner = await UserFactory.merge({
      email: EMAIL,
      password: PASSWORD,
      locale: 'it',
    }).create()
    const moderator = await UserFactory.merge({
      email: 'moderatrice@example.com',
      password: PASSWORD_MODERATOR,
      locale: 'it',
      role: ROLE_MODERATOR,
    }).create()
    const petition = await PetitionFactory.apply('published')
      .merge({
        userId: owner.id,
        title: 'Salviamo il parco del Valentino',
        target: 'Comune di Torino',
        description: '<p>Il parco è il polmone verde della città.</p>',
        lang: 'it',
        targetSignatures: 100,
      })
      .create()
    await letterTo(petition.id, 'Gentile sindaca,\nsalvi il parco del Valentino.', [
      { name: 'Olga Bondi', payload: 'Sindaca di Torino' },
    ])

    await inBrowser('decision makers journey', async (page, context) => {
      // The owner, on the Italian site, gives the address and a milestone of 3 by keyboard.
      await logIn(page, EMAIL, PASSWORD, 'it')
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'it'))
      const form = page.getByTestId('petition-form')
      await form.getByLabel(it.t('page.petition.recipient_email')).fill(RECIPIENT)
      await form.getByTestId('add-milestone').focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction('document.activeElement.id === "milestone-0"')
      await page.keyboard.type('3')
      await save(page)
      assert.lengthOf(await outbox.to(RECIPIENT), 0, 'no mail before the milestone')

      // Enough signatures, but nobody approved the address yet: no mail, "not yet contacted".
      await confirmedSignatures(petition.id, 3)
      assert.lengthOf(await outbox.to(RECIPIENT), 0, 'no mail before a moderator approved it')
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'it'))
      await page
        .getByTestId('decision-makers')
        .getByText(it.t('page.decision_makers.not_told'))
        .waitFor()

      // A moderator, in Italian, finds it in the queue and approves it by keyboard.
      const moderatorContext = await context.browser()!.newContext({
        viewport: { width: 1280, height: 900 },
      })
      const moderatorPage = await moderatorContext.newPage()
      try {
        await logIn(moderatorPage, moderator.email, PASSWORD_MODERATOR, 'it')
        await visit(moderatorPage, siteUrl('/moderation', 'it'))
        const tab = moderatorPage.getByTestId('decision-makers-tab')
        assert.equal(
          (await tab.textContent())?.trim(),
          it.t('page.moderation.decision_makers.queue_tab', { count: 1 })
        )
        await tab.focus()
        await Promise.all([
          moderatorPage.waitForURL(/\/moderation\/decision-makers$/),
          moderatorPage.keyboard.press('Enter'),
        ])
        const waiting = moderatorPage.getByTestId('pending-recipient')
        await waiting.getByText('Olga Bondi').waitFor()
        assert.include(await waiting.textContent(), RECIPIENT)
        assert.include(await waiting.textContent(), 'salvi il parco del Valentino.')
        await noViolations(assert, moderatorPage, 'decision makers to approve')
        await waiting.getByTestId('approve-address').focus()
        await moderatorPage.keyboard.press('Enter')
        await moderatorPage
          .getByText(it.t('page.moderation.decision_makers.done_approve'))
          .first()
          .waitFor()
        await moderatorPage.getByTestId('directory-entry').getByText(RECIPIENT).waitFor()
        await noViolations(assert, moderatorPage, 'directory of decision makers')
      } finally {
        await moderatorContext.close()
      }
      await PetitionChanged.handled()

      // The approval delivers the milestone reached.
      const [mail] = await outbox.to(RECIPIENT)
      assert.exists(mail, 'the recipient got the petition')
      assert.include(mail.subject, petition.title)
      assert.include(mail.html!, 'salvi il parco del Valentino.')
      assert.lengthOf(await outbox.to(RECIPIENT), 1)

      // After the signatures, the owner completes the description: a version on record.
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'it'))
      await page.locator('.ProseMirror').click()
      await page.keyboard.press('End')
      await page.keyboard.type(' Salviamolo insieme.')
      await save(page)

      // The recipient opens the mail's answer link on the German site, logged out.
      const answerLink = new URL(linkIn(mail.html, '/decision-makers/'))
      answerLink.host = new URL(siteUrl('/', 'de')).host
      const recipientContext = await context.browser()!.newContext({
        viewport: { width: 1280, height: 900 },
      })
      const recipient = await recipientContext.newPage()
      try {
        await visit(recipient, answerLink.toString())
        await recipient.locator('[data-testid="answer-form"] .ProseMirror').waitFor()
        assert.equal(
          await recipient.getByRole('heading', { level: 1 }).textContent(),
          de.t('page.decision_answer.title')
        )
        const name = recipient.getByLabel(de.t('page.decision_answer.responder'))
        assert.equal(await name.inputValue(), 'Olga Bondi', 'her name from the letter')
        await noViolations(assert, recipient, 'answer page')
        await recipient
          .getByLabel(de.t('page.decision_answer.role'))
          .fill('Bürgermeisterin von Turin')
        await recipient.locator('[data-testid="answer-form"] .ProseMirror').click()
        await recipient.keyboard.type('Wir prüfen einen neuen Plan für den Park.')
        // Published by keyboard.
        await recipient.getByTestId('answer-publish').focus()
        await Promise.all([
          recipient.waitForURL((url) => url.pathname === `/petition/${petition.slug}`),
          recipient.keyboard.press('Enter'),
        ])
        await recipient.getByText(de.t('page.decision_answer.published')).first().waitFor()

        // The link answers once.
        await visit(recipient, answerLink.toString())
        await recipient.getByTestId('answer-answered').waitFor()
      } finally {
        await recipientContext.close()
      }
      const [published] = await PetitionResponse.query().where('petition_id', petition.id)
      assert.isTrue(published.fromRecipient)

      // The petition page: the answer, marked as sent through a link to her approved domain, and the history.
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'it'))
      const responses = page.getByTestId('responses-section')
      await responses.getByText('Wir prüfen einen neuen Plan für den Park.').waitFor()
      assert.equal(
        (await responses.getByTestId('from-recipient').textContent())?.trim(),
        it.t('page.response.via_link', { domain: 'comune.torino.example' })
      )
      assert.include(await responses.textContent(), 'Bürgermeisterin von Turin')
      assert.notInclude(await page.content(), RECIPIENT)
      await noViolations(assert, page, 'petition page with the answer')

      const edited = page.getByTestId('edited-link')
      assert.equal((await edited.textContent())?.trim(), it.t('page.show.edited', { count: 1 }))
      await edited.focus()
      await Promise.all([page.waitForURL(/\/history$/), page.keyboard.press('Enter')])
      const added = page.locator('[data-testid="version-description"] ins')
      await added.first().waitFor()
      assert.include(await added.textContent(), 'Salviamolo insieme.')
      await noViolations(assert, page, 'history page')
    })
  }).timeout(120_000)
})
