import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { recountSignatures } from '#services/signatures/counter'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const POSTAL_CODE = 'PC-9Z7Q'
const EMAIL = 'private.signer@example.org'

/**
 * A signer's e-mail address and postal code are for the petition's owner:
 * no public answer carries them, to a guest or to another member, in any
 * language, however the page or its data is asked for.
 */
test.group("Signers' privacy in public answers", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no e-mail address and no postal code in the public page, its data or open data', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ askPostalCode: true, allowComments: true })
      .with('user')
      .create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: EMAIL,
      country: 'PT',
      postalCode: POSTAL_CODE,
      comment: 'Signed with a postal code.',
    }).create()
    await recountSignatures(petition.id)
    const stranger = await makeMember()

    const paths = [
      `/petition/${petition.slug}`,
      `/petition/${petition.slug}.json`,
      `/petition/${petition.slug}/countries.json`,
      `/petition/${petition.slug}/history.json`,
      `/petition/${petition.slug}/history.csv`,
      '/petitions.json',
      '/petitions.csv',
      '/petitions',
      '/',
    ]
    let answers = 0
    for (const host of ['undersign.test', 'pt.undersign.test']) {
      for (const path of paths) {
        for (const member of [null, stranger]) {
          for (const inertia of [false, true]) {
            const request = client.get(path).header('host', host)
            if (inertia) request.withInertia()
            if (member) request.loginAs(member)
            const response = await request
            assert.isBelow(response.status(), 400, `${host}${path}`)
            const text = response.text()
            assert.notInclude(text, EMAIL, `${host}${path}`)
            assert.notInclude(text, POSTAL_CODE, `${host}${path}`)
            answers++
          }
        }
      }
    }
    assert.equal(answers, 72)
    // The owner does see both, on their signatures page.
    const owned = await client.get(`/petition/${petition.guid}/signatures`).loginAs(petition.user)
    assert.include(owned.text(), EMAIL)
    assert.include(owned.text(), POSTAL_CODE)
  })
})
