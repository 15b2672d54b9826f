import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { countsOf } from '#tests/helpers/signatures'
import { ROLE_MODERATOR } from '#models/user'
import { networkHash } from '#support/signer_traces'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const fr = i18nManager.locale('fr')

test.group('Browser: bulk invalidation of signatures', (group) => {
  browserJourneys(group)

  test('a French moderator sees a burst in the trends, counts and invalidates it by keyboard, and undoes it; the public page says so', async ({
    assert,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR, locale: 'fr' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Des rues calmes la nuit' })
      .with('user')
      .create()
    // A burst from one network with throwaway addresses, beside two ordinary signers.
    const botNetwork = networkHash('203.0.113.9')!
    await SignatureFactory.merge({
      petitionId: petition.id,
      networkHash: botNetwork,
      emailDomain: 'throwaway.test',
    }).createMany(3)
    await SignatureFactory.merge({ petitionId: petition.id }).createMany(2)
    await recountSignatures(petition.id)

    await inBrowser('bulk invalidation in French', async (page) => {
      await logIn(page, moderator.email, PASSWORD)
      await visit(page, siteUrl(`/moderation/petitions/${petition.id}`, 'fr'))
      const section = page.getByTestId('invalidation')

      // Nothing chosen: the error under the criteria, in French.
      await section
        .getByRole('button', { name: fr.t('page.moderation.invalidation.count') })
        .focus()
      await page.keyboard.press('Enter')
      const criteriaError = section.locator('[data-error-for="criteria"]')
      await criteriaError.waitFor()
      assert.equal(
        await criteriaError.textContent(),
        fr.t('validator.shared.messages.criteria.required')
      )

      // The trend: the network's three signatures, by its shortened hash.
      const shortHash = botNetwork.slice(0, 8)
      const networkRow = page
        .getByTestId('trend-networks')
        .getByTestId('trend-row')
        .filter({ hasText: shortHash })
      assert.include(await networkRow.textContent(), '3')
      assert.notInclude(await page.content(), '203.0.113')

      // Its row's link counts its signatures for the invalidation.
      await networkRow
        .getByRole('link', {
          name: `${fr.t('page.moderation.trends.invalidate')} (${shortHash})`,
        })
        .focus()
      await page.keyboard.press('Enter')
      const result = section.getByTestId('invalidation-result')
      await result.waitFor()
      assert.equal(await result.textContent(), '3 signatures, dont 3 comptées')
      assert.include(page.url(), `network=${botNetwork}`)
      assert.isFalse(await criteriaError.isVisible())
      assert.deepEqual(describeViolations('counted', await seriousViolations(page)), [])

      // The reason, then the button that states the count.
      const reason = section.getByLabel(fr.t('page.moderation.invalidation.reason'))
      await reason.focus()
      await page.keyboard.type('Adresses jetables en une seule rafale')
      await page.keyboard.press('Tab')
      const confirm = section.getByRole('button', { name: 'Invalider 3 signatures' })
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
      assert.include(await row.textContent(), 'Adresses jetables en une seule rafale')
      assert.include(await row.textContent(), `réseau ${shortHash}`)
      assert.deepEqual(await countsOf(petition), { support: 2, oppose: 0 })
      assert.deepEqual(describeViolations('invalidated', await seriousViolations(page)), [])

      // The public page counts them, with the date and the reason.
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'fr'))
      const removals = page.getByTestId('moderator-removals')
      const removedCount = removals.getByTestId('moderator-removals-count')
      assert.equal(await removedCount.textContent(), '3 signatures retirées par la modération')
      await removedCount.focus()
      await page.keyboard.press('Enter')
      await removals.getByTestId('moderator-removal').waitFor()
      assert.include(
        await removals.getByTestId('moderator-removal').textContent(),
        'Adresses jetables en une seule rafale'
      )
      assert.notInclude(await page.content(), botNetwork)
      assert.deepEqual(describeViolations('public page', await seriousViolations(page)), [])

      // Undone, after its own confirmation.
      await visit(page, siteUrl(`/moderation/petitions/${petition.id}`, 'fr'))
      await page.getByTestId('invalidation-undo').focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      await dialog
        .getByRole('button', { name: fr.t('page.moderation.invalidation.undo_confirm') })
        .focus()
      await page.keyboard.press('Enter')
      await page
        .getByTestId('invalidation-row')
        .getByText(/^Annulée le /)
        .waitFor()
      assert.deepEqual(await countsOf(petition), { support: 5, oppose: 0 })
    })
  })
})
