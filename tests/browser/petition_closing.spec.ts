import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import { UserFactory } from '#database/factories/user_factory'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { seriousViolations } from '#tests/helpers/axe'
import { recountSignatures } from '#services/signatures/recount'
import { addDays, utcDay } from '#shared/petitions/closing'
import { writtenDay } from '#shared/day_formats'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const EMAIL = 'author@example.com'
const PASSWORD = 'violet-river-3141'

test.group('Browser: closing dates', (group) => {
  browserJourneys(group)

  test('an owner sets a closing date with the keyboard; the page says when it closes, in Ukrainian', async ({
    assert,
  }) => {
    await UserFactory.merge({ email: EMAIL, password: PASSWORD, firstName: 'Iryna' }).create()
    const lastDay = addDays(utcDay(Date.now()), 5)

    await inBrowser('closing date', async (page) => {
      await logIn(page, EMAIL, PASSWORD, 'uk')
      await visit(page, siteUrl('/petition/create', 'uk'))
      const form = page.getByTestId('petition-form')
      await form.locator('[name="title"]').fill('Збережемо парк Шевченка')
      await form.locator('[name="target"]').fill('Київська міська рада')
      await page.locator('[data-template="forest"]').click()
      await page.locator('.ProseMirror').click()
      await page.keyboard.type('Наш парк потребує захисту.')
      await page.locator('#topic-environment').check()

      // The field is found by its label; the calendar opens as it gets the focus.
      const field = page.getByLabel('Дата закриття (необов’язково)')
      // Its placeholder names day, month and year in Ukrainian, in the order Ukrainians write them.
      assert.equal(await field.getAttribute('placeholder'), 'дд.мм.рррр')
      await field.focus()
      await page.locator('.react-datepicker[role="dialog"]').waitFor()
      await page.keyboard.type(writtenDay('uk', lastDay))
      const picked = page.locator('.react-datepicker__day--selected')
      await picked.waitFor()
      assert.equal(await picked.textContent(), String(Number(lastDay.slice(8))))
      assert.deepEqual(
        (await seriousViolations(page, '[data-testid="settings-section"]')).map(({ id }) => id),
        []
      )
      await page.keyboard.press('Enter')
      await page.locator('.react-datepicker[role="dialog"]').waitFor({ state: 'detached' })
      assert.equal(await field.inputValue(), writtenDay('uk', lastDay))

      await Promise.all([
        page.waitForURL(/\/petition\/[^/]+$/),
        page.getByTestId('petition-submit').click(),
      ])
      const petition = await Petition.query().firstOrFail()
      assert.equal(petition.closesAt?.toUTC().toISODate(), addDays(lastDay, 1))
      await visit(page, siteUrl(`/petition/${petition.guid}/edit`, 'uk'))
      assert.equal(
        await page.getByLabel('Дата закриття (необов’язково)').inputValue(),
        writtenDay('uk', lastDay)
      )

      await visit(page, siteUrl(`/petition/${petition.slug}`, 'uk'))
      const note = page.getByTestId('petition-header').getByTestId('closing-note')
      assert.include(await note.textContent(), 'Закривається через 5 днів')
      // Sharing by e-mail is named in Ukrainian too.
      const byEmail = page.getByTestId('share-widget').locator('[data-share="email"]')
      assert.equal(await byEmail.textContent(), 'Ел. пошта')
      assert.equal(await byEmail.getAttribute('aria-label'), 'Поділитися: ел. пошта')
    })
  })

  test('a closed petition says when it closed and with how many signatures, on its page and its card', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Закритий парк' })
      .with('user')
      .create()
    await SignatureFactory.merge({ petitionId: petition.id }).create()
    await SignatureFactory.merge({ petitionId: petition.id }).create()
    await recountSignatures(petition.id)
    const closedDay = addDays(utcDay(Date.now()), -3)
    const closesAt = `${addDays(closedDay, 1)} 00:00:00`
    await db
      .from('petitions')
      .where('id', petition.id)
      // Written in Ukrainian: the Ukrainian site's list shows it.
      .update({ closes_at: closesAt, finished: true, finished_at: closesAt, lang: 'uk' })

    await inBrowser('closed petition', async (page) => {
      const [year, month, day] = closedDay.split('-').map(Number)
      const date = new Intl.DateTimeFormat('uk', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, day))
      )
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'uk'))
      const note = page.getByTestId('petition-header').getByTestId('closing-note')
      assert.equal(await note.textContent(), `Закрита ${date}, 2 підписи`)
      await page.getByTestId('finished-badge').waitFor()

      await visit(page, siteUrl('/petitions', 'uk'))
      const card = page.getByTestId('petition-card').getByTestId('closing-note')
      assert.equal(await card.textContent(), `Закрита ${date}, 2 підписи`)
    })
  })
})
