import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import PetitionVersion from '#models/petition_version'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { submitPetitionForm } from '#tests/helpers/petition_form'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { ROLE_MODERATOR } from '#models/user'
import ModerationEvent from '#models/moderation_event'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const it = i18nManager.locale('it')
const de = i18nManager.locale('de')

test.group('Browser: a signed text keeps its word', (group) => {
  browserJourneys(group)

  test('an owner in Italian edits a signed description; the page says so and the history shows the words added', async ({
    assert,
  }) => {
    const owner = await makeMember({ firstName: 'Giulia', lastName: 'Rossi', locale: 'it' })
    const petition = await PetitionFactory.apply('published')
      .merge({
        userId: owner.id,
        lang: 'it',
        title: 'Salviamo il parco Sempione',
        target: 'Comune di Milano',
        description: '<p>Il parco è il nostro cuore verde.</p>',
      })
      .create()
    await SignatureFactory.merge({ petitionId: petition.id }).create()

    await inBrowser('petition versions in Italian', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'it')
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'it'))
      await page.locator('.ProseMirror').click()
      await page.keyboard.press('Control+End')
      await page.keyboard.type(' Salviamolo insieme.')
      await submitPetitionForm(page)
      await PetitionVersion.query().where('petition_id', petition.id).firstOrFail()

      // The page says it was edited once, in Italian, and the link is reached by keyboard.
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'it'))
      const link = page.getByTestId('edited-link')
      assert.equal((await link.textContent())?.trim(), it.t('page.show.edited', { count: 1 }))
      assert.equal(await link.textContent(), 'Modificata 1 volta')
      for (let press = 0; press < 40; press++) {
        await page.keyboard.press('Tab')
        if (
          await page.evaluate<boolean>(`document.activeElement?.dataset.testid === 'edited-link'`)
        )
          break
      }
      assert.isTrue(
        await page.evaluate<boolean>(`document.activeElement?.dataset.testid === 'edited-link'`),
        'Tab reaches the link'
      )
      await Promise.all([page.waitForURL(/\/history$/), page.keyboard.press('Enter')])

      // The history: the words added, marked and said in words.
      await page.getByTestId('version').first().waitFor()
      assert.equal(
        await page.getByRole('heading', { level: 1 }).textContent(),
        it.t('page.history.title', { title: petition.title })
      )
      const added = page.locator('[data-testid="version-description"] ins')
      assert.include(await added.textContent(), 'Salviamolo insieme.')
      assert.include(await added.textContent(), it.t('page.history.added'))
      assert.equal(await page.locator('[data-testid="version-description"] del').count(), 0)
      assert.equal(await page.locator('[data-testid="version-title"]').count(), 0)
      assert.include(
        await page.getByTestId('version').first().textContent(),
        it.t('page.history.minor')
      )
      assert.deepEqual(describeViolations('history (it)', await seriousViolations(page)), [])
    })
  }).timeout(90_000)

  test('a moderator in German redacts an earlier text from its moderation page; the public history keeps only the reason', async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'de' })
    const petition = await PetitionFactory.apply('published')
      .with('user')
      .merge({ lang: 'de', title: 'Rettet den Stadtpark', target: 'Stadtrat Köln' })
      .create()
    const version = await PetitionVersion.create({
      petitionId: petition.id,
      userId: petition.userId,
      title: 'Rettet den Stadtpark',
      target: 'Stadtrat Köln',
      description: '<p>Ruft Anna Schmidt an: 0221 555 0199.</p>',
      letters: [],
      substantive: true,
    })

    await inBrowser('moderator redacts a version in German', async (page) => {
      await logIn(page, moderator.email, PASSWORD, 'de')
      await visit(page, siteUrl(`/moderation/petitions/${petition.id}`, 'de'))
      assert.equal(
        await page.getByTestId('current-not-redacted').textContent(),
        de.t('page.moderation.versions.current_note')
      )
      await page.getByTestId('redact-version').click()
      const dialog = page.getByRole('dialog', {
        name: de.t('page.moderation.versions.redact_title'),
      })
      await dialog.waitFor()
      // Without a reason: refused under the field, in German.
      await dialog
        .getByRole('button', { name: de.t('page.moderation.versions.redact_confirm') })
        .click()
      const error = dialog.locator('[data-error-for="reason"]')
      await error.waitFor()
      assert.equal(await error.textContent(), de.t('validator.shared.messages.reason.required'))
      assert.deepEqual(
        describeViolations('redact dialog (de)', await seriousViolations(page, '.modal')),
        []
      )
      await dialog
        .getByLabel(de.t('page.moderation.versions.redact_reason'))
        .fill('Telefonnummer einer Privatperson')
      await dialog
        .getByRole('button', { name: de.t('page.moderation.versions.redact_confirm') })
        .click()
      await dialog.waitFor({ state: 'hidden' })
      const notice = page.getByTestId('version-redacted')
      await notice.waitFor()
      assert.include(await notice.textContent(), de.t('page.history.redacted'))
      assert.include(await notice.textContent(), 'Telefonnummer einer Privatperson')
      assert.equal(await page.getByTestId('redact-version').count(), 0)
      assert.deepEqual(
        describeViolations('moderation page, redacted (de)', await seriousViolations(page)),
        []
      )

      await visit(page, siteUrl(`/petition/${petition.slug}/history`, 'de'))
      const publicNotice = page.getByTestId('version-redacted')
      await publicNotice.waitFor()
      assert.include(await publicNotice.textContent(), 'Telefonnummer einer Privatperson')
      assert.notInclude(await page.content(), '0221 555 0199')
      assert.notInclude(await page.content(), 'Anna Schmidt')
      assert.deepEqual(
        describeViolations('history with a redacted version (de)', await seriousViolations(page)),
        []
      )
    })
    await version.refresh()
    assert.equal(version.description, '')
    const [event] = await ModerationEvent.query().where('action', 'version_redacted')
    assert.equal(event.reason, 'Telefonnummer einer Privatperson')
  }).timeout(90_000)
})
