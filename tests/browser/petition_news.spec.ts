import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { signatureRows } from '#tests/helpers/signatures'
import PetitionUpdate from '#models/petition_update'
import { mailPetitionNews, noteNews } from '#services/petitions/signer_news'
import { PetitionFactory } from '#database/factories/petition_factory'

const uk = i18nManager.locale('uk')
const fr = i18nManager.locale('fr')

test.group('Browser: a petition news for its signers', (group) => {
  browserJourneys(group)

  test('a guest asks for the news while signing in Ukrainian, gets it, and stops it from the mail', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Збережемо парк Шевченка' })
      .with('user')
      .with('customFields')
      .create()
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'uk')

    await inBrowser('guest asks for news', async (page) => {
      await visit(page, petitionUrl)
      const form = page.getByTestId('sign-form')
      const wantsUpdates = form.getByLabel(uk.t('page.sign.wants_updates'))
      // Off unless ticked.
      assert.isFalse(await wantsUpdates.isChecked())
      assert.deepEqual(await seriousViolations(page, '#sign-this-petition'), [])

      await form.locator('[name="firstName"]').fill('Олена')
      await form.locator('[name="lastName"]').fill('Коваль')
      await form.locator('[name="email"]').fill('olena.koval@example.org')
      await form.locator('[name="comment"]').fill('Парк потрібен нашим дітям і всьому місту.')
      await form.locator('[name="customFields.0.value"]').fill('Поділ')
      await wantsUpdates.check()
      await form.getByTestId('sign-submit').click()
      const dialog = page.locator('.swal2-popup')
      await dialog
        .locator('.swal2-title', { hasText: uk.t('page.petition_page.almost_done_title') })
        .waitFor()
      await dialog.locator('.swal2-confirm').click()
      await dialog.waitFor({ state: 'detached' })

      const [confirmation] = await outbox.to('olena.koval@example.org')
      await visit(page, linkIn(confirmation.html, '/signature/'))
      await page.getByTestId('confirm-signature').click()
      await page.waitForURL(petitionUrl)
    })
    const [row] = await signatureRows(petition)
    assert.isTrue(Boolean(row.wants_updates))
    assert.isNotNull(row.confirmed_at)

    // The owner posts an update; the next run mails it.
    await db.transaction(async (trx) => {
      await noteNews(petition.id, trx)
      await PetitionUpdate.create(
        {
          petitionId: petition.id,
          title: 'Підписи передано до міськради',
          description: 'Ми зустрілися з депутатами.',
          happenedOn: DateTime.utc().startOf('day'),
        },
        { client: trx }
      )
    })
    await outbox.clear()
    assert.equal(await mailPetitionNews(DateTime.utc().plus({ seconds: 2 })), 1)
    const [news] = await outbox.to('olena.koval@example.org')
    assert.include(news.subject, 'Збережемо парк Шевченка')
    assert.include(news.html, 'Підписи передано до міськради')

    await inBrowser('signer stops the news', async (page) => {
      await visit(page, linkIn(news.html, '/stop-updates'))
      assert.equal(await page.locator('h1').textContent(), uk.t('page.stop_updates.title'))
      assert.include(
        await page.getByTestId('stop-updates-summary').textContent(),
        'Збережемо парк Шевченка'
      )
      const violations = await seriousViolations(page)
      assert.deepEqual(
        violations,
        [],
        describeViolations('stop updates page', violations).join('\n')
      )
      // Opening the page changed nothing.
      assert.isTrue(Boolean((await signatureRows(petition))[0].wants_updates))

      await page.getByTestId('stop-updates').click()
      await page.getByTestId('stop-updates-done').waitFor()
      assert.include(
        await page.getByTestId('messages').textContent(),
        uk.t('page.stop_updates.stopped', { title: 'Збережемо парк Шевченка' })
      )
      const after = await seriousViolations(page)
      assert.deepEqual(after, [], describeViolations('stop updates page, done', after).join('\n'))
    })
    const [stopped] = await signatureRows(petition)
    assert.isFalse(Boolean(stopped.wants_updates))
    assert.isNotNull(stopped.confirmed_at)
  })

  test('the news read as a list, newest first, and the owner posts one from the page, in French', async ({
    assert,
  }) => {
    const owner = await makeMember({ firstName: 'Camille', locale: 'fr' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Des arbres pour la cour', userId: owner.id, lang: 'fr' })
      .create()
    await PetitionUpdate.createMany([
      {
        petitionId: petition.id,
        title: 'Première réunion avec la mairie',
        description: 'La mairie a écouté nos propositions et promet une réponse avant l’été.',
        happenedOn: DateTime.fromISO('2026-03-02', { zone: 'utc' }),
      },
      {
        petitionId: petition.id,
        title: 'Mille signatures',
        happenedOn: DateTime.fromISO('2026-04-15', { zone: 'utc' }),
      },
    ])
    const petitionUrl = siteUrl(`/petition/${petition.slug}`, 'fr')

    await inBrowser('a reader sees the news as a list', async (page) => {
      await visit(page, petitionUrl)
      const news = page.getByTestId('updates-timeline')
      const items = news.getByTestId('update-item')
      assert.deepEqual(await items.locator('h3').allTextContents(), [
        'Mille signatures',
        'Première réunion avec la mairie',
      ])
      // Dates in the page's language, and room to read: the text is not squeezed into a slide.
      assert.include(await items.first().textContent(), '15 avril 2026')
      const { width } = (await items.last().boundingBox())!
      assert.isAbove(width, 500)
      assert.equal(await news.getByTestId('post-update').count(), 0)
    })

    await inBrowser('the owner posts news from the page', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'fr')
      await visit(page, petitionUrl)
      await page.getByRole('button', { name: fr.t('page.news.post') }).click()
      const form = page.getByTestId('update-form')
      await form.getByRole('button', { name: fr.t('page.news.publish') }).click()
      // Refused without a title, under its field, and what was typed stays.
      await form.locator('[data-error-for="title"]').waitFor()
      await form.getByLabel(fr.t('page.news.title')).fill('Rendez-vous avec le maire')
      await form.getByLabel(fr.t('page.news.text')).fill('Le maire nous reçoit lundi.')
      await form.getByRole('button', { name: fr.t('page.news.publish') }).click()
      await form.waitFor({ state: 'detached' })
      const first = page.getByTestId('update-item').first()
      await first.getByText('Rendez-vous avec le maire').waitFor()
      assert.include(await first.textContent(), 'Le maire nous reçoit lundi.')
      await page
        .locator('.Toastify__toast--success', { hasText: fr.t('page.news.posted') })
        .waitFor()
      const violations = await seriousViolations(page)
      assert.deepEqual(violations, [], describeViolations('news posted', violations).join('\n'))
    })
    const stored = await PetitionUpdate.query().where('petition_id', petition.id).orderBy('id')
    assert.deepEqual(
      stored.map((update) => update.title),
      ['Première réunion avec la mairie', 'Mille signatures', 'Rendez-vous avec le maire']
    )
  })
})
