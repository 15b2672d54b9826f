import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { PASSWORD } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { countsOf } from '#tests/helpers/signatures'
import { recountSignatures } from '#services/signatures/counter'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const en = i18nManager.locale('en')

test.group('Browser: bulk invalidation of signatures', (group) => {
  browserJourneys(group)

  test('a moderator counts, invalidates and undoes by keyboard; the public page says so', async ({
    assert,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Quiet streets at night' })
      .with('user')
      .create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      emailDomain: 'throwaway.test',
    }).createMany(3)
    await SignatureFactory.merge({ petitionId: petition.id }).createMany(2)
    await recountSignatures(petition.id)

    await inBrowser('bulk invalidation', async (page) => {
      await logIn(page, moderator.email, PASSWORD)
      await visit(page, siteUrl(`/moderation/petitions/${petition.id}`))
      const section = page.getByTestId('invalidation')
      const count = section.getByRole('button', {
        name: en.t('page.moderation.invalidation.count'),
      })

      // Nothing chosen: the error under the criteria.
      await count.focus()
      await page.keyboard.press('Enter')
      const criteriaError = section.locator('[data-error-for="criteria"]')
      await criteriaError.waitFor()
      assert.equal(
        await criteriaError.textContent(),
        en.t('validator.shared.messages.criteria.required')
      )

      // A domain, counted with Enter from its field.
      const domain = section.getByLabel(en.t('page.moderation.invalidation.domain'))
      await domain.focus()
      await page.keyboard.type('throwaway.test')
      await page.keyboard.press('Enter')
      const result = section.getByTestId('invalidation-result')
      await result.waitFor()
      assert.equal(await result.textContent(), '3 signatures, 3 of them counted')
      assert.isFalse(await criteriaError.isVisible())
      assert.include(page.url(), 'domain=throwaway.test')
      assert.deepEqual(
        describeViolations(
          'counted',
          await seriousViolations(page, '[data-testid="invalidation"]')
        ),
        []
      )

      // The reason, then the button that states the count.
      const reason = section.getByLabel(en.t('page.moderation.invalidation.reason'))
      await reason.focus()
      await page.keyboard.type('Throwaway addresses in one burst')
      await page.keyboard.press('Tab')
      const confirm = section.getByRole('button', { name: 'Invalidate 3 signatures' })
      assert.equal(
        await page.evaluate('document.activeElement?.textContent?.trim()'),
        await confirm.textContent()
      )
      await Promise.all([
        page.waitForURL(
          (url) => url.pathname === `/moderation/petitions/${petition.id}` && !url.search
        ),
        page.keyboard.press('Enter'),
      ])
      const row = section.getByTestId('invalidation-row')
      await row.waitFor()
      assert.include(await row.textContent(), 'Throwaway addresses in one burst')
      assert.include(await row.textContent(), 'domain throwaway.test')
      assert.deepEqual(await countsOf(petition), { support: 2, oppose: 0 })

      // The public page counts them, with the date and the reason.
      await visit(page, siteUrl(`/petition/${petition.slug}`))
      const removals = page.getByTestId('moderator-removals')
      assert.equal(
        await removals.getByTestId('moderator-removals-count').textContent(),
        '3 signatures removed by moderators'
      )
      await removals.getByTestId('moderator-removals-count').focus()
      await page.keyboard.press('Enter')
      await removals.getByTestId('moderator-removal').waitFor()
      assert.include(
        await removals.getByTestId('moderator-removal').textContent(),
        'Throwaway addresses in one burst'
      )

      // Undone, after its own confirmation.
      await visit(page, siteUrl(`/moderation/petitions/${petition.id}`))
      await page.getByTestId('invalidation-undo').focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      await dialog
        .getByRole('button', { name: en.t('page.moderation.invalidation.undo'), exact: true })
        .focus()
      await page.keyboard.press('Enter')
      await page
        .getByTestId('invalidation-row')
        .getByText(/^Undone on /)
        .waitFor()
      assert.deepEqual(await countsOf(petition), { support: 5, oppose: 0 })
    })
  })
})
