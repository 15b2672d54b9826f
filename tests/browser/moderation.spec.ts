import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import PetitionReport from '#models/petition_report'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { ROLE_MODERATOR } from '#models/user'
import Petition from '#models/petition'
import User from '#models/user'
import { moderatePetition } from '#services/moderation/petition_actions'
import { PetitionFactory } from '#database/factories/petition_factory'
import SigningAlert from '#models/signing_alert'
import { detectUnusualSigning } from '#services/fraud/unusual_signing'
import { signBurst } from '#tests/helpers/signing_trends'

const es = i18nManager.locale('es')
const uk = i18nManager.locale('uk')
const de = i18nManager.locale('de')
const it = i18nManager.locale('it')
const pt = i18nManager.locale('pt')

test.group('Browser: moderation', (group) => {
  browserJourneys(group)

  test('a guest reports a petition in Spanish, by keyboard, with errors under the fields first', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Más bibliotecas abiertas los domingos' })
      .with('user')
      .create()
    await inBrowser('guest reports a petition', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'es'))
      const opener = page.getByTestId('report-petition')
      assert.equal(await opener.textContent(), es.t('page.report.link'))
      await opener.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: es.t('page.report.title') })
      await dialog.waitFor()
      assert.deepEqual(
        describeViolations('report dialog', await seriousViolations(page, '.modal')),
        []
      )

      // Sent with nothing chosen: the reason's error, in Spanish.
      await dialog.getByRole('button', { name: es.t('page.report.submit') }).click()
      const reasonError = dialog.locator('[data-error-for="reason"]')
      await reasonError.waitFor()
      assert.equal(await reasonError.textContent(), 'Elige un motivo')

      // "Something else" needs a note.
      await dialog.getByLabel(es.t('page.report.reasons.other')).focus()
      await page.keyboard.press('Space')
      await dialog.getByRole('button', { name: es.t('page.report.submit') }).click()
      await dialog.locator('[data-error-for="note"]').waitFor()

      await dialog
        .getByLabel(es.t('page.report.note'))
        .fill('Copia otra petición palabra por palabra.')
      await dialog.getByLabel(es.t('page.report.note')).focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await page
        .locator('.Toastify__toast--success', { hasText: es.t('page.report.reported') })
        .waitFor()
      await dialog.waitFor({ state: 'hidden' })
    })
    const [stored] = await PetitionReport.query().where('petition_id', petition.id)
    assert.equal(stored.reason, 'other')
    assert.equal(stored.note, 'Copia otra petición palabra por palabra.')
    assert.equal(stored.locale, 'es')
    assert.isNull(stored.reporterId)
  })

  for (const width of [375, 1280]) {
    test(`a moderator sees why each petition waits, hides a reported one with a reason from the list and restores it in Ukrainian at ${width} px; the public sees the reason in words`, async ({
      assert,
    }) => {
      const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'uk' })
      await PetitionFactory.apply('published')
        .merge({ title: 'Нова петиція про парк' })
        .with('user')
        .create()
      const petition = await PetitionFactory.apply('published')
        .merge({ title: 'Рекламна петиція' })
        .with('user')
        .create()
      for (const key of ['guest:abc', 'guest:def']) {
        await PetitionReport.create({
          petitionId: petition.id,
          reporterKey: key,
          reason: 'spam',
          note: 'Реклама годинників',
          locale: 'uk',
        })
      }
      await inBrowser(
        'moderator hides and restores',
        async (page, context) => {
          await logIn(page, moderator.email, PASSWORD, 'uk')

          await visit(page, siteUrl('/moderation', 'uk'))
          const cards = page.getByTestId('queued-petition')
          // Reported first, each saying why it is there; "dismiss" only where there are reports.
          assert.deepEqual(await cards.getByTestId('queue-reason').allTextContents(), [
            uk.t('page.moderation.queue_reasons.reported', { count: 2 }),
            uk.t('page.moderation.queue_reasons.new'),
          ])
          const card = cards.filter({ hasText: 'Рекламна петиція' })
          const fresh = cards.filter({ hasText: 'Нова петиція про парк' })
          await card.getByText('Реклама годинників').first().waitFor()
          assert.equal(
            await card
              .getByRole('button', { name: uk.t('page.moderation.actions.dismiss') })
              .count(),
            1
          )
          assert.equal(
            await fresh
              .getByRole('button', { name: uk.t('page.moderation.actions.dismiss') })
              .count(),
            0
          )
          await fresh
            .getByRole('button', { name: uk.t('page.moderation.actions.mark_reviewed') })
            .waitFor()
          assert.deepEqual(describeViolations('queue', await seriousViolations(page)), [])

          // Hiding asks for a reason from the list, in a dialog, and confirms there.
          await card.getByRole('button', { name: uk.t('page.moderation.actions.hide') }).click()
          const dialog = page.getByRole('dialog', {
            name: uk.t('page.moderation.hide.title', { title: 'Рекламна петиція' }),
          })
          await dialog.waitFor()
          await dialog.getByRole('button', { name: uk.t('page.moderation.hide.confirm') }).click()
          const reasonError = dialog.locator('[data-error-for="reason"]')
          await reasonError.waitFor()
          assert.equal(
            await reasonError.textContent(),
            uk.t('validator.shared.messages.reason.choose')
          )
          assert.deepEqual(
            describeViolations('hide dialog', await seriousViolations(page, '.modal')),
            []
          )
          await dialog.getByLabel(uk.t('common.hide_reasons.spam')).check()
          await dialog.getByLabel(uk.t('page.moderation.hide.note')).fill('Реклама, не петиція')
          await dialog.getByRole('button', { name: uk.t('page.moderation.hide.confirm') }).click()
          await page
            .locator('.Toastify__toast--success', { hasText: uk.t('page.moderation.done.hide') })
            .waitFor()
          await dialog.waitFor({ state: 'hidden' })

          // A visitor gets the page saying in words that moderators removed it, and why; not the note.
          const guest = await context.browser()!.newContext({ viewport: { width, height: 900 } })
          const visitor = await guest.newPage()
          const answer = await visitor.goto(siteUrl(`/petition/${petition.slug}`, 'uk'))
          assert.equal(answer?.status(), 410)
          await visitor.getByText(uk.t('page.removed.title')).first().waitFor()
          await visitor.getByText(uk.t('common.hide_reasons.spam')).waitFor()
          assert.notInclude(await visitor.content(), 'Реклама, не петиція')
          assert.deepEqual(describeViolations('removed', await seriousViolations(visitor)), [])
          await guest.close()

          await visit(page, siteUrl('/moderation?view=hidden', 'uk'))
          const hidden = page.getByTestId('queued-petition').filter({ hasText: 'Рекламна петиція' })
          // Moderators see the reason and their note.
          const reason = hidden.getByTestId('hidden-reason')
          await reason.getByText(uk.t('common.hide_reasons.spam')).waitFor()
          await reason.getByText('Реклама, не петиція').waitFor()
          // Each action asks for its reason in its own dialog.
          await hidden
            .getByRole('button', { name: uk.t('page.moderation.actions.restore') })
            .click()
          const restoring = page.getByRole('dialog')
          await restoring.getByLabel(uk.t('page.moderation.reason')).fill('Автор прибрав рекламу')
          await restoring
            .getByRole('button', { name: uk.t('page.moderation.actions.restore') })
            .click()
          await page
            .locator('.Toastify__toast--success', { hasText: uk.t('page.moderation.done.restore') })
            .waitFor()
        },
        { width, height: 900 }
      )
      const stored = await Petition.findOrFail(petition.id)
      assert.isNull(stored.hiddenAt)
    })

    test(`the owner of a hidden petition sees why and asks for a review in Italian at ${width} px; a moderator sees the "Hidden" banner`, async ({
      assert,
    }) => {
      const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'it' })
      const petition = await PetitionFactory.apply('hidden')
        .merge({
          title: 'Orologi in offerta',
          hiddenReason: 'misleading',
          hiddenNote: 'Nota privata',
        })
        .with('user')
        .create()
      await User.query().where('id', petition.userId!).update({ locale: 'it' })
      await inBrowser(
        'owner asks for a review',
        async (page, context) => {
          await logIn(page, petition.user.email, PASSWORD, 'it')
          await visit(page, siteUrl(`/petition/${petition.slug}`, 'it'))
          const banner = page.getByTestId('hidden-banner')
          await banner.getByText(it.t('page.hidden.owner_title')).waitFor()
          await banner.getByText(it.t('common.hide_reasons.misleading')).waitFor()
          assert.notInclude(await page.content(), 'Nota privata')
          assert.deepEqual(describeViolations('owner banner', await seriousViolations(page)), [])

          await banner.getByRole('button', { name: it.t('page.hidden.request_review') }).click()
          await page
            .locator('.Toastify__toast--success', { hasText: it.t('page.hidden.review_requested') })
            .waitFor()
          await banner.getByTestId('review-requested').waitFor()
          assert.equal(
            await banner.getByRole('button', { name: it.t('page.hidden.request_review') }).count(),
            0
          )

          // A moderator sees it in the queue, and the petition with its "Hidden" banner.
          const other = await context.browser()!.newContext({ viewport: { width, height: 900 } })
          const moderatorPage = await other.newPage()
          await logIn(moderatorPage, moderator.email, PASSWORD, 'it')
          await visit(moderatorPage, siteUrl('/moderation', 'it'))
          await moderatorPage
            .getByTestId('queued-petition')
            .filter({ hasText: 'Orologi in offerta' })
            .getByTestId('queue-reason')
            .getByText(it.t('page.moderation.queue_reasons.review_requested'))
            .waitFor()
          await visit(moderatorPage, siteUrl(`/petition/${petition.slug}`, 'it'))
          await moderatorPage
            .getByTestId('hidden-banner')
            .getByText(it.t('page.hidden.badge'))
            .waitFor()
          assert.deepEqual(
            describeViolations('moderator banner', await seriousViolations(moderatorPage)),
            []
          )
          await other.close()
        },
        { width, height: 900 }
      )
      assert.isNotNull((await Petition.findOrFail(petition.id)).reviewRequestedAt)
    })
  }

  test("a moderator opens a petition's page from the queue in German, closes and reopens it, and finds both in its trail and in the log", async ({
    assert,
  }) => {
    const moderator = await makeMember({
      role: ROLE_MODERATOR,
      locale: 'de',
      firstName: 'Ines',
      lastName: 'Roth',
    })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Mehr Bänke im Stadtpark' })
      .with('user')
      .create()
    await PetitionReport.create({
      petitionId: petition.id,
      reporterKey: 'guest:abc',
      reason: 'misleading',
      note: 'Die Zahlen stimmen nicht',
      locale: 'de',
    })
    const filePath = `/moderation/petitions/${petition.id}`
    await inBrowser('moderator closes and reopens from the petition page', async (page) => {
      await logIn(page, moderator.email, PASSWORD, 'de')
      await visit(page, siteUrl('/moderation', 'de'))
      const card = page
        .getByTestId('queued-petition')
        .filter({ hasText: 'Mehr Bänke im Stadtpark' })
      const opener = card.getByRole('link', { name: de.t('page.moderation.petition_page') })
      await opener.focus()
      await Promise.all([page.waitForURL(`**${filePath}`), page.keyboard.press('Enter')])
      await page.getByRole('heading', { name: 'Mehr Bänke im Stadtpark' }).waitFor()
      await page.getByTestId('reports').getByText('Die Zahlen stimmen nicht').waitFor()
      assert.deepEqual(describeViolations('petition page', await seriousViolations(page)), [])

      const act = async (action: 'close' | 'reopen', reason: string) => {
        const label = de.t(`page.moderation.actions.${action}`)
        await page.getByRole('button', { name: label }).focus()
        await page.keyboard.press('Enter')
        // Its dialog asks for the reason; an empty one is refused under the field, as such.
        const dialog = page.getByRole('dialog')
        await dialog.getByRole('button', { name: label }).click()
        assert.equal(
          await dialog.locator('[data-error-for="reason"]').textContent(),
          de.t('validator.shared.messages.reason.required')
        )
        await dialog.getByLabel(de.t('page.moderation.reason')).fill(reason)
        await page.keyboard.press('Tab')
        await dialog.getByRole('button', { name: label }).focus()
        await page.keyboard.press('Enter')
        await page
          .locator('.Toastify__toast--success', { hasText: de.t(`page.moderation.done.${action}`) })
          .waitFor()
        // The moderator stays on the petition's page; the dialog is gone, the focus back on the page.
        assert.equal(new URL(page.url()).pathname, filePath)
        await dialog.waitFor({ state: 'detached' })
      }
      await act('close', 'Irreführende Zahlen')
      await page.getByTestId('closed-by-moderator').getByText('Irreführende Zahlen').waitFor()
      await act('reopen', 'Der Autor hat die Zahlen korrigiert')
      await page.getByTestId('closed-by-moderator').waitFor({ state: 'detached' })

      const trail = page.getByTestId('trail-entry')
      await trail.nth(1).waitFor()
      assert.deepEqual(
        (await trail.allTextContents()).map((text) => text.replace(/^.*?Ines Roth /, '')),
        [
          `${de.t('page.moderation.events.petition_closed')} — Irreführende Zahlen`,
          `${de.t('page.moderation.events.petition_reopened')} — Der Autor hat die Zahlen korrigiert`,
        ]
      )

      await page.getByRole('link', { name: de.t('page.moderation.log.title') }).click()
      await page.waitForURL('**/moderation/log')
      const entries = page.getByTestId('log-entry')
      await entries.nth(1).waitFor()
      assert.deepEqual(describeViolations('log', await seriousViolations(page)), [])
      assert.equal(await entries.count(), 2)
      await entries.first().getByText(de.t('page.moderation.events.petition_reopened')).waitFor()
      await entries.nth(1).getByText('Irreführende Zahlen').waitFor()

      // Only the reopening, by keyboard; its petition's link leads back to its page.
      await page.getByLabel(de.t('page.moderation.log.action')).focus()
      await page.getByLabel(de.t('page.moderation.log.action')).selectOption('petition_reopened')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      await Promise.all([
        page.waitForURL('**/moderation/log?action=petition_reopened'),
        page.keyboard.press('Enter'),
      ])
      await page.getByTestId('log-count').getByText('1').waitFor()
      assert.equal(await entries.count(), 1)
      await Promise.all([
        page.waitForURL(`**${filePath}`),
        entries.getByRole('link', { name: 'Mehr Bänke im Stadtpark' }).click(),
      ])
    })
    const after = await Petition.findOrFail(petition.id)
    assert.isFalse(after.finished)
    assert.isNull(after.moderatorClosedAt)
  })

  test('a moderator sees a burst in Portuguese, switches the trends to the last day by keyboard and dismisses the alert', async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'pt' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Mais bicicletas partilhadas em Braga', reviewedAt: DateTime.utc() })
      .with('user')
      .create()
    const burst = 'Zq3kLm9vXw2yTt5uRr8sPp'
    await signBurst(petition, 20, { network: burst, minutesAgo: 180 })
    await signBurst(petition, 60, { network: burst, unconfirmed: true })
    await signBurst(petition, 5)
    assert.deepEqual(await detectUnusualSigning(), [petition.id])

    await inBrowser('moderator sees the signing trends', async (page) => {
      await logIn(page, moderator.email, PASSWORD, 'pt')
      await visit(page, siteUrl('/moderation', 'pt'))
      const card = page.getByTestId('queued-petition').filter({ hasText: petition.title })
      await card.getByText(pt.t('page.moderation.queue_reasons.unusual_signing')).waitFor()
      const alertText = pt.t('page.moderation.trends.alert', {
        kind: 'network',
        subject: 'Zq3kLm9v…',
        count: 60,
      })
      assert.equal(await card.getByTestId('signing-alert').textContent(), alertText)
      assert.equal(await card.getByTestId('signing-alert').getAttribute('title'), burst)

      await visit(page, siteUrl(`/moderation/petitions/${petition.id}`, 'pt'))
      const trends = page.getByTestId('signing-trends')
      const summary = trends.getByTestId('trend-summary')
      assert.include(await summary.textContent(), '65 assinaturas')
      const firstNetwork = trends.getByTestId('trend-networks').getByTestId('trend-row').first()
      assert.include(await firstNetwork.textContent(), 'Zq3kLm9v')
      assert.notInclude(await trends.textContent(), burst)

      // The period's radio buttons: the arrow key moves to the day.
      await trends.getByLabel(pt.t('page.moderation.trends.hour')).focus()
      await page.keyboard.press('ArrowRight')
      await trends.locator('[data-window="day"]').waitFor()
      assert.isTrue(await trends.getByLabel(pt.t('page.moderation.trends.day')).isChecked())
      assert.include(await summary.textContent(), '85 assinaturas')
      await trends
        .getByRole('heading', { name: pt.t('page.moderation.trends.chart_quarter') })
        .waitFor()
      // Its figures, opened by keyboard.
      await trends.getByText(pt.t('page.moderation.trends.figures')).focus()
      await page.keyboard.press('Enter')
      await trends.getByTestId('trend-figures').waitFor()
      assert.deepEqual(describeViolations('trends, day', await seriousViolations(page)), [])

      // Dismissed with a reason: the alert is resolved.
      await page
        .getByRole('button', { name: pt.t('page.moderation.actions.dismiss_alert') })
        .focus()
      await page.keyboard.press('Enter')
      const dismissing = page.getByRole('dialog')
      await dismissing.getByLabel(pt.t('page.moderation.reason')).fill('Uma escola inteira assinou')
      await dismissing
        .getByRole('button', { name: pt.t('page.moderation.actions.dismiss_alert') })
        .click()
      await page.getByTestId('signing-alert').waitFor({ state: 'detached' })
    })
    const [alert] = await SigningAlert.query().where('petition_id', petition.id)
    assert.equal(alert.resolvedBy, moderator.id)
  })

  test("the owner's form shows, in German, that a moderator closed the petition and why, its switch locked; a moderator's points to the reopen", async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Mehr Bänke im Stadtpark' })
      .with('user')
      .create()
    const owner = petition.user
    await moderatePetition(moderator, petition.id, 'close', 'Irreführende Zahlen')
    await inBrowser('owner sees the locked switch', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'de')
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'de'))
      const finished = page.getByLabel(de.t('page.petition.setting_finished'), { exact: true })
      assert.isTrue(await finished.isDisabled())
      assert.isTrue(await finished.isChecked())
      const info = page.getByTestId('info-finished')
      assert.include(await info.textContent(), 'Irreführende Zahlen')
      assert.include(
        await info.textContent(),
        de.t('page.petition.closed_by_moderator_reason', { reason: 'Irreführende Zahlen' })
      )
      // The switch names its reason to screen readers.
      const described = await finished.getAttribute('aria-describedby')
      assert.include(described, 'setting-finished-info')
      assert.deepEqual(
        describeViolations(
          'form',
          await seriousViolations(page, '[data-testid="settings-section"]')
        ),
        []
      )
      // Its owner gets no way round it.
      const reopenLink = page.getByRole('link', {
        name: de.t('page.petition.closed_by_moderator_link'),
      })
      assert.equal(await reopenLink.count(), 0)
    })
    // A moderator on the same form is pointed to the audited reopen.
    await inBrowser('moderator is pointed to the reopen action', async (page) => {
      await logIn(page, moderator.email, PASSWORD, 'de')
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'de'))
      await Promise.all([
        page.waitForURL(`**/moderation/petitions/${petition.id}`),
        page.getByRole('link', { name: de.t('page.petition.closed_by_moderator_link') }).click(),
      ])
      await page.getByRole('button', { name: de.t('page.moderation.actions.reopen') }).waitFor()
    })
  })
})
