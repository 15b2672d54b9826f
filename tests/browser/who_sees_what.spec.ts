import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { PetitionFactory } from '#database/factories/petition_factory'

const de = i18nManager.locale('de')
const item = (name: string) => de.t(`page.sign.who_sees.items.${name}`)
const spaces = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** What a screen reader reads as a control's description: the texts its aria-describedby names. */
async function descriptionOf(page: Page, selector: string) {
  const ids = (await page.locator(selector).getAttribute('aria-describedby')) ?? ''
  const texts = []
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    texts.push(await page.locator(`[id="${id}"]`).textContent())
  }
  return spaces(texts.join(' '))
}

test.group('Browser: who sees what a signer enters', (group) => {
  browserJourneys(group)

  test('in German, the sign form says beside its fields what the author, everyone and the addressees see, anonymous or not', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition', 'withCustomFields')
      .merge({
        title: 'Mehr Bäume für die Kastanienallee',
        allowComments: true,
        askPostalCode: true,
      })
      .with('user')
      .create()

    await inBrowser('who sees what (de)', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'de'))
      const note = page.getByTestId('who-sees')
      assert.equal(
        spaces(await note.getByRole('heading').textContent()),
        de.t('page.sign.who_sees.title')
      )

      // The author sees everything, the e-mail address and the answers included.
      const author = spaces(await note.getByTestId('who-sees-author').textContent())
      for (const name of [
        'name',
        'email',
        'country',
        'postal_code',
        'comment',
        'answers',
        'position',
      ]) {
        assert.include(author, item(name), name)
      }
      const everyone = note.getByTestId('who-sees-everyone')
      assert.include(spaces(await everyone.textContent()), item('first_name_initials'))
      assert.notInclude(spaces(await everyone.textContent()), item('email'))

      // The fields say it too, to a screen reader.
      const email = await descriptionOf(page, '#field-email')
      assert.include(email, item('email'))
      assert.include(email, de.t('page.sign.who_sees.elsewhere'))
      assert.include(await descriptionOf(page, '#field-firstName'), item('first_name_initials'))

      // Anonymous: "Anonym" in public, out of the list handed over, and the author still sees all.
      await page.getByLabel(de.t('page.sign.private')).check()
      await everyone.getByText(item('anonymous_name'), { exact: false }).waitFor()
      assert.equal(
        spaces(await note.getByTestId('who-sees-handed').textContent()),
        de.t('page.sign.who_sees.handed_anonymous')
      )
      assert.include(spaces(await note.getByTestId('who-sees-author').textContent()), item('email'))
      const anonymity = await descriptionOf(page, '#field-private')
      assert.include(anonymity, de.t('page.sign.private_help'))
      assert.include(anonymity, item('anonymous_name'))
      assert.include(de.t('page.sign.private_help'), 'E-Mail-Adresse')

      assert.deepEqual(
        describeViolations(
          'sign form with its note (de)',
          await seriousViolations(page, '#sign-this-petition')
        ),
        []
      )
    })
  })
})
