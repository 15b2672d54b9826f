import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import i18nManager from '@adonisjs/i18n/services/main'
import Petition from '#models/petition'
import LetterRecipient from '#models/letter_recipient'
import type User from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { fieldErrors } from '#tests/helpers/validation'
import { newGuid, submitPetition, validPetition } from '#tests/helpers/petitions'
import { inertiaPage, pageObjectIn } from '#tests/helpers/inertia'
import { MAX_MILESTONE } from '#shared/petitions/constants'

const ADDRESS = 'olha.bondar@kyivcity.example'

const letterTo = (recipients: Array<Record<string, unknown>>) => [
  { payload: 'Dear members of the council,\nplease keep the park.', recipients },
]

/** The edit form's props, as `member` opens it. */
async function editForm(client: ApiClient, member: User, guid: string) {
  const response = await client.get(`/petition/${guid}/edit`).withInertia().loginAs(member)
  response.assertStatus(200)
  return inertiaPage(response).props.petition
}

/** POST the petition form on a language's site; returns the flashed field errors. */
async function errorsOf(
  client: ApiClient,
  member: User,
  overrides: Record<string, unknown>,
  locale = 'en'
) {
  const host = locale === 'en' ? 'undersign.test' : `${locale}.undersign.test`
  const response = await client
    .post(`/petition/${newGuid()}/create`)
    .header('host', host)
    .header('referer', `http://${host}/`)
    .json(validPetition(overrides))
    .loginAs(member)
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  return fieldErrors(response)
}

const message = (locale: string, key: string, data?: Record<string, unknown>) =>
  i18nManager.locale(locale).t(`validator.shared.messages.${key}`, data)

test.group("Petition form: recipients' addresses", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an address is stored trimmed and lower-case, and the edit form gives it back to the owner and moderators', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    ;(
      await submitPetition(client, owner, guid, {
        letters: letterTo([
          {
            name: 'Olha Bondar',
            payload: 'Deputy mayor',
            email: '  Olha.Bondar@KyivCity.Example ',
          },
          { name: 'Ivan Petrenko', payload: 'Mayor', email: '' },
        ]),
      })
    ).assertStatus(302)

    const recipients = await LetterRecipient.query().orderBy('position')
    assert.deepEqual(
      recipients.map((recipient) => recipient.email),
      [ADDRESS, null]
    )
    const expected = [
      { id: recipients[0].id, name: 'Olha Bondar', payload: 'Deputy mayor', email: ADDRESS },
      { id: recipients[1].id, name: 'Ivan Petrenko', payload: 'Mayor', email: '' },
    ]
    assert.deepEqual((await editForm(client, owner, guid)).letters[0].recipients, expected)
    assert.deepEqual(
      (await editForm(client, await makeModerator(), guid)).letters[0].recipients,
      expected
    )
    // Anyone else gets no form at all.
    const stranger = await makeMember()
    ;(await client.get(`/petition/${guid}/edit`).withInertia().loginAs(stranger)).assertStatus(403)
  })

  test('a recipient keeps its id when the form sends it back; one left out goes, a new one gets a new id', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid, {
      letters: letterTo([
        { name: 'Ivan Petrenko', payload: 'Mayor' },
        { name: 'Olha Bondar', payload: 'Deputy mayor' },
      ]),
    })
    const form = await editForm(client, owner, guid)
    const [ivan, olha] = form.letters[0].recipients
    assert.isNumber(ivan.id)
    assert.isNumber(olha.id)

    // As the form sends it: Olha first now, with an address; Ivan removed; a new recipient.
    ;(
      await submitPetition(client, owner, guid, {
        letters: [
          {
            id: form.letters[0].id,
            payload: form.letters[0].payload,
            recipients: [
              { ...olha, email: 'Olha@KyivCity.Example' },
              { name: 'Petro Melnyk', payload: 'Council speaker', email: '' },
            ],
          },
        ],
      })
    ).assertStatus(302)

    const after = (await editForm(client, owner, guid)).letters[0].recipients
    assert.lengthOf(after, 2)
    assert.deepEqual(after[0], {
      id: olha.id,
      name: 'Olha Bondar',
      payload: 'Deputy mayor',
      email: 'olha@kyivcity.example',
    })
    assert.equal(after[1].name, 'Petro Melnyk')
    assert.notInclude([ivan.id, olha.id], after[1].id)
    assert.isNull(await LetterRecipient.find(ivan.id))
  })

  test('a bad address is refused under its field, in the language of the page', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    for (const locale of ['en', 'it', 'uk']) {
      const errors = await errorsOf(
        client,
        member,
        {
          letters: letterTo([
            { name: 'Ivan Petrenko', email: 'ivan@example.org' },
            { name: 'Olha Bondar', email: 'olha at the council' },
          ]),
        },
        locale
      )
      assert.deepEqual(Object.keys(errors), ['letters.0.recipients.1.email'], locale)
      assert.deepEqual(errors['letters.0.recipients.1.email'], [
        message(locale, 'letters.*.recipients.*.email.email'),
      ])
    }
    assert.equal(
      message('it', 'letters.*.recipients.*.email.email'),
      'Inserisci un indirizzo e-mail valido per questo destinatario'
    )
    const tooLong = await errorsOf(client, member, {
      letters: letterTo([{ name: 'Ivan Petrenko', email: `${'x'.repeat(250)}@example.org` }]),
    })
    assert.deepEqual(tooLong['letters.0.recipients.0.email'], [
      "The recipient's e-mail address must not be longer than 254 characters",
    ])
    assert.lengthOf(await Petition.all(), 0)
  })

  test('the address is in no public page or open data, not even the owner’s own view of the page', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid, {
      letters: letterTo([{ name: 'Olha Bondar', payload: 'Deputy mayor', email: ADDRESS }]),
    })
    const petition = await Petition.findByOrFail('guid', guid)
    const mailbox = /olha\.bondar@/i

    const guestPage = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.equal(inertiaPage(guestPage).component, 'Petition/Show')
    assert.equal(inertiaPage(guestPage).props.petition.letters[0].recipients[0].name, 'Olha Bondar')
    assert.notMatch(JSON.stringify(inertiaPage(guestPage)), mailbox)
    const ownerPage = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(owner)
    assert.notMatch(JSON.stringify(inertiaPage(ownerPage)), mailbox)

    for (const viewer of [null, owner]) {
      const request = client.get(`/petition/${petition.slug}`)
      const html = (await (viewer ? request.loginAs(viewer) : request)).text()
      assert.equal(pageObjectIn(html).component, 'Petition/Show')
      assert.notMatch(html, mailbox)
    }
    for (const path of [
      `/petition/${petition.slug}.json`,
      '/petitions.json',
      '/petitions.csv',
      `/petition/${petition.slug}/history.json`,
    ]) {
      const response = await client.get(path)
      response.assertStatus(200)
      assert.notMatch(response.text(), mailbox, path)
    }
  })
})

test.group('Petition form: milestones', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('milestones are stored sorted and come back in the edit form; none by default', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const blank = inertiaPage(await client.get('/petition/create').withInertia().loginAs(owner))
    assert.deepEqual(blank.props.petition.milestones, [])

    const guid = newGuid()
    ;(await submitPetition(client, owner, guid, { milestones: [10_000, 500, 2000] })).assertStatus(
      302
    )
    assert.deepEqual((await Petition.findByOrFail('guid', guid)).milestones, [500, 2000, 10_000])
    assert.deepEqual((await editForm(client, owner, guid)).milestones, [500, 2000, 10_000])

    // Numbers typed in a form's field come as text; the list can be emptied again.
    await submitPetition(client, owner, guid, { milestones: ['750'] })
    assert.deepEqual((await editForm(client, owner, guid)).milestones, [750])
    await submitPetition(client, owner, guid, { milestones: [] })
    assert.deepEqual((await editForm(client, owner, guid)).milestones, [])
    // Milestones are the owner's business: not on the public page.
    const petition = await Petition.findByOrFail('guid', guid)
    const show = inertiaPage(await client.get(`/petition/${petition.slug}`).withInertia())
    assert.notProperty(show.props.petition, 'milestones')
  })

  test('more than five milestones, or one given twice, are refused under the list', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const tooMany = await errorsOf(client, member, { milestones: [1, 2, 3, 4, 5, 6] })
    assert.deepEqual(tooMany, {
      milestones: ['A petition can have at most 5 milestones besides its target'],
    })
    const twice = await errorsOf(client, member, { milestones: [500, 1000, 500] })
    assert.deepEqual(twice, { milestones: ['Each milestone can be given only once'] })
    const inGerman = await errorsOf(client, member, { milestones: [500, 500] }, 'de')
    assert.deepEqual(inGerman, { milestones: ['Jeder Meilenstein darf nur einmal vorkommen'] })
    assert.lengthOf(await Petition.all(), 0)
  })

  test('a milestone that is not a whole number from 1 to 10 million is refused under its field', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const cases: Array<[unknown, string]> = [
      [0, 'A milestone must be at least 1 signature'],
      [-5, 'A milestone must be at least 1 signature'],
      [1.5, 'A milestone must be a whole number of signatures'],
      [MAX_MILESTONE + 1, 'A milestone can be at most 10,000,000 signatures'],
      [20_000_000, 'A milestone can be at most 10,000,000 signatures'],
      ['abc', 'A milestone must be a number of signatures'],
      [null, 'Please enter a number of signatures'],
    ]
    for (const [value, expected] of cases) {
      const errors = await errorsOf(client, member, { milestones: [value] })
      assert.deepEqual(errors, { 'milestones.0': [expected] }, String(value))
    }
    // The second of two, in Italian and German, numbers written as there.
    const italian = await errorsOf(client, member, { milestones: [100, 20_000_000] }, 'it')
    assert.deepEqual(italian, {
      'milestones.1': ['Un traguardo può essere al massimo di 10.000.000 firme'],
    })
    const german = await errorsOf(client, member, { milestones: ['abc'] }, 'de')
    assert.deepEqual(german, {
      'milestones.0': ['Ein Meilenstein muss eine Anzahl an Unterschriften sein'],
    })
    // The largest is fine.
    const guid = newGuid()
    ;(await submitPetition(client, member, guid, { milestones: [MAX_MILESTONE] })).assertStatus(302)
    assert.deepEqual((await Petition.findByOrFail('guid', guid)).milestones, [MAX_MILESTONE])
  })
})
