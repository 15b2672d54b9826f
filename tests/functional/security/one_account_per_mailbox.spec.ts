import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { registerMember } from '#services/accounts/registration'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { backfillNormalizedEmails } from '#database/migrations/0013_add_email_normalized_to_users'
import { FakeOAuthProvider, signInGroup, signInWith } from '#tests/helpers/fake_oauth_provider'
import { fieldErrors } from '#tests/helpers/validation'
import { outbox } from '#tests/helpers/outbox'
import { flashed, loggedInAs, makeMember, PASSWORD } from '#tests/helpers/auth'

const provider = new FakeOAuthProvider()
const PASSWORD_OF_SECOND = 'violet-river-3141'

function signup(client: any, email: string) {
  return client
    .post('/signup')
    .form({
      firstName: 'Jane',
      lastName: 'Doe',
      email,
      password: PASSWORD_OF_SECOND,
      password_confirmation: PASSWORD_OF_SECOND,
    })
    .withCsrfToken()
    .redirects(0)
}

test.group('Security: one account per mailbox', (group) => {
  signInGroup(group, provider)

  test('another spelling of a registered mailbox cannot register a second account', async ({
    client,
    assert,
  }) => {
    await makeMember({ email: 'janedoe@gmail.com' })
    for (const variant of [
      'jane.doe+x@gmail.com',
      'Jane.Doe@googlemail.com',
      'j.a.n.e.d.o.e@gmail.com',
    ]) {
      const response = await signup(client, variant)
      assert.equal(
        fieldErrors(response).email?.[0],
        'This e-mail address is already registered',
        variant
      )
      assert.isNull(loggedInAs(response))
    }
    await makeMember({ email: 'anna@corp.org' })
    const tagged = await signup(client, 'anna+petitions@corp.org')
    assert.equal(fieldErrors(tagged).email?.[0], 'This e-mail address is already registered')
    assert.lengthOf(await User.all(), 2)
  })

  test('the unique index refuses a variant that got past the check, with the same error', async ({
    assert,
  }) => {
    const first = await makeMember({ email: 'janedoe@gmail.com' })
    assert.equal(first.emailNormalized, 'janedoe@gmail.com')
    // As when two sign-ups race: the second one passed the validator before the first was saved.
    const error = await registerMember(
      { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe+x@gmail.com', password: PASSWORD },
      'en'
    ).catch((refusal) => refusal)
    assert.instanceOf(error, RefusedFieldsException)
    assert.lengthOf(await User.all(), 1)
  })

  test('changing an e-mail keeps its normalised form in step', async ({ assert }) => {
    const member = await makeMember({ email: 'Jane.Doe+news@GoogleMail.com ' })
    assert.equal(member.email, 'jane.doe+news@googlemail.com')
    assert.equal(member.emailNormalized, 'janedoe@gmail.com')
    member.email = 'jane@corp.org'
    await member.save()
    const stored = await db.from('users').where('id', member.id).firstOrFail()
    assert.equal(stored.email_normalized, 'jane@corp.org')
  })

  test('login and reset requests find an account by its exact address only', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'janedoe@gmail.com' })
    const variant = await client
      .post('/login')
      .form({ email: 'jane.doe@gmail.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.isNull(loggedInAs(variant))
    const exact = await client
      .post('/login')
      .form({ email: 'JaneDoe@gmail.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.equal(loggedInAs(exact), member.id)

    await client
      .post('/auth/password/email')
      .form({ email: 'jane.doe+x@gmail.com' })
      .withCsrfToken()
      .redirects(0)
    assert.lengthOf(await outbox.read(), 0, 'no reset link goes to another spelling')
  })

  test('a provider vouching for another spelling of a taken mailbox opens nothing', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'janedoe@gmail.com' })
    provider.profile = { id: '77', name: 'Jane Doe', email: 'jane.doe@gmail.com', verified: true }
    const callback = await signInWith(client, 'google')
    callback.assertHeader('location', '/login')
    assert.equal(
      flashed(callback, 'alerts', 'error'),
      'An account already exists for another spelling of this e-mail address. Please log in with the address you registered with.'
    )
    assert.isNull(loggedInAs(callback))
    await member.refresh()
    assert.isNull(member.googleId)
    assert.lengthOf(await User.all(), 1)
  })

  test('the backfill gives each mailbox to its oldest account and never fails on a shared one', async ({
    assert,
  }) => {
    const older = await makeMember({ email: 'janedoe@gmail.com' })
    const other = await makeMember({ email: 'anna@corp.org' })
    // Accounts from before the rule: two spellings of one mailbox, no normalised form yet.
    await db.from('users').update({ email_normalized: null })
    await db.table('users').insert({
      first_name: 'Jane',
      email: 'jane.doe+x@gmail.com',
      role: 1,
      locale: 'en',
      created_at: '2020-01-01 00:00:00',
    })
    const { id: laterId } = await db
      .from('users')
      .where('email', 'jane.doe+x@gmail.com')
      .firstOrFail()

    await backfillNormalizedEmails(db.connection())

    const normalizedOf = async (id: number) =>
      (await db.from('users').where('id', id).firstOrFail()).email_normalized
    assert.equal(await normalizedOf(older.id), 'janedoe@gmail.com')
    assert.equal(await normalizedOf(other.id), 'anna@corp.org')
    assert.isNull(await normalizedOf(laterId), 'the later account keeps no normalised form')
  })
})
