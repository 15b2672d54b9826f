import { emptiedAfterwards } from '#tests/helpers/database'
import { test } from '@japa/runner'
import Petition from '#models/petition'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { registerMember } from '#services/accounts/registration'
import { memberFromProvider } from '#services/accounts/social_auth'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { outbox } from '#tests/helpers/outbox'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, validPetition } from '#tests/helpers/petitions'

const SIGNUP = {
  firstName: 'Olena',
  lastName: 'Koval',
  email: 'olena@example.com',
  password: 'violet-river-3141',
  password_confirmation: 'violet-river-3141',
}

async function rowsIn(table: string) {
  const [row] = await db.from(table).count('* as total')
  return Number(row.total)
}

/**
 * Requests racing for one unique value: the unique index decides, and the
 * loser gets the answer a validator would give, never a 500. Not in a
 * global transaction: on PostgreSQL the refused insert would end it.
 */
test.group('Races for a unique value', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('of two sign-ups with one e-mail, the second gets the e-mail field error', async ({
    assert,
  }) => {
    const outcomes = await Promise.allSettled([
      registerMember(SIGNUP, 'en'),
      registerMember(SIGNUP, 'en'),
    ])
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 1)
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')!
    assert.instanceOf(refused.reason, RefusedFieldsException)
    assert.deepEqual(refused.reason.fields, [{ field: 'email', rule: 'database.unique' }])
    assert.equal(await rowsIn('users'), 1)
  })

  test('sign-ups sent at the same moment over HTTP make one account, no 500', async ({
    client,
    assert,
  }) => {
    // Five: the sign-up limit per address.
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        client
          .post('/signup')
          .header('accept', 'application/json')
          .json(SIGNUP)
          .withCsrfToken()
          .redirects(0)
      )
    )
    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 302).length, 1, String(statuses))
    for (const response of responses.filter((candidate) => candidate.status() !== 302)) {
      response.assertStatus(422)
      assert.deepInclude(response.body().errors, {
        field: 'email',
        rule: 'database.unique',
        message: 'This e-mail address is already registered',
      })
    }
    assert.equal(await rowsIn('users'), 1)
  })

  test('subscriptions of one address at the same moment answer alike, one row', async ({
    client,
    assert,
  }) => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        client
          .post('/subscription')
          .form({ email: 'news@example.com' })
          .withCsrfToken()
          .redirects(0)
      )
    )
    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(6).fill(302)
    )
    assert.equal(await rowsIn('newsletter_subscriptions'), 1)
  })

  test('a new petition submitted twice at once is created once and saved twice', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        client
          .post(`/petition/${guid}/create`)
          .json(validPetition())
          .loginAs(member)
          .withCsrfToken()
          .redirects(0)
      )
    )
    // Every save of the published petition lands on its page; only the one that
    // created (and so published) it offers the first-share panel.
    const petition = await Petition.findByOrFail('guid', guid)
    const locations = responses.map((response) => response.header('location'))
    assert.deepEqual(locations, Array(3).fill(`/petition/${petition.slug}`))
    const panels = responses.filter(
      (response) => response.flashMessages()?.petitionPage === 'petitionPublished'
    )
    assert.lengthOf(panels, 1)
    assert.equal(await rowsIn('petitions'), 1)
    assert.equal(await rowsIn('letters'), 1)
  })

  test('two returns from one GitHub sign-in find or make the same member', async ({ assert }) => {
    const profile = {
      id: 4242,
      email: 'octo@example.com',
      emailVerificationState: 'verified',
      name: 'Octo Cat',
      nickName: 'octo',
      avatarUrl: null,
      original: {},
    } as any
    const [first, second] = await Promise.all([
      memberFromProvider('github', profile, 'en'),
      memberFromProvider('github', profile, 'en'),
    ])
    assert.equal(first.id, second.id)
    assert.lengthOf(await User.query().where('github_id', '4242'), 1)
  })
})
