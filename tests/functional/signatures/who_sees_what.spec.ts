import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import { signerVisibility, type VisibleItem } from '#shared/petitions/signer_visibility'
import { countedSigners } from '#services/delivery/counted_signers'
import { signatureCounter } from '#runtime/signatures/counter'
import { makeMember } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { confirmationPath, parseCsv, sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

const en = i18nManager.locale('en')

/** What a signer enters, each value its own so that it can be found wherever it is shown. */
const ENTERED = {
  firstName: 'Olenka',
  lastName: 'Kovalchuk',
  email: 'olenka.k@example.org',
  country: 'UA',
  postalCode: '04070',
  comment: 'Our children need this park to play safely.',
  answer: 'Podil-district',
}

/** A petition with every part of the form that a signature holds, or with none of them. */
async function petitionWith(everyPart: boolean) {
  const petition = await PetitionFactory.apply(
    'published',
    ...(everyPart ? (['withOpposition', 'withCustomFields'] as const) : [])
  )
    .merge({ allowComments: everyPart, askPostalCode: everyPart })
    .with('user')
    .create()
  await petition.load('customFields')
  return petition
}

/** The answer to the petition's first question (its District); the others (an optional Age) left empty. */
function answers(petition: Petition) {
  return petition.customFields.map((field, index) => ({
    id: field.id,
    value: index === 0 ? ENTERED.answer : '',
  }))
}

/** A guest signs with ENTERED and confirms from the mail. */
async function guestSigns(client: ApiClient, petition: Petition, anonymous: boolean) {
  await sign(client, petition, {
    ...ENTERED,
    private: anonymous,
    customFields: answers(petition),
  })
  const [row] = await signatureRows(petition)
  await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
  await signatureCounter.flush()
}

/** What the owner's export shows of the signer, named as the note names it. */
async function shownInExport(client: ApiClient, petition: Petition) {
  const response = await client
    .post(`/petition/${petition.guid}/signatures/download`)
    .withCsrfToken()
    .loginAs(petition.user)
  const [header, row] = parseCsv(response.text().slice(1))
  const cell = (label: string) => row[header.indexOf(en.t(`page.signatures.csv.${label}`))]
  const shown: VisibleItem[] = []
  if (cell('first_name') === ENTERED.firstName && cell('last_name') === ENTERED.lastName)
    shown.push('name')
  if (cell('email') === ENTERED.email) shown.push('email')
  if (cell('country_code') === ENTERED.country) shown.push('country')
  if (cell('postal_code') === ENTERED.postalCode) shown.push('postal_code')
  if (cell('opinion') === ENTERED.comment) shown.push('comment')
  if (row.includes(ENTERED.answer)) shown.push('answers')
  if (header.includes(en.t('page.signatures.csv.support'))) shown.push('position')
  if (cell('anonymous') !== undefined) shown.push('anonymous')
  return shown
}

/** What the owner's table shows of the signer: every item the note names must be there. */
async function tableRow(client: ApiClient, petition: Petition) {
  const page = await client
    .get(`/petition/${petition.guid}/signatures`)
    .withInertia()
    .loginAs(petition.user)
  return page.inertiaProps.signatures.data[0]
}

/** What the petition's public list shows of the signer, named as the note names it. */
async function shownToEveryone(client: ApiClient, petition: Petition, member = false) {
  const page = await client.get(`/petition/${petition.slug}`).withInertia()
  const [entry] = page.inertiaProps.lastSignatures
  const text = JSON.stringify(entry)
  for (const hidden of [ENTERED.lastName, ENTERED.email, ENTERED.postalCode, ENTERED.answer]) {
    if (text.includes(hidden)) throw new Error(`the public list shows ${hidden}`)
  }
  const shown: VisibleItem[] = []
  if (entry.anonymous && entry.user.firstName === en.t('page.sign.anonymous')) {
    shown.push('anonymous_name')
  } else if (entry.user.firstName === ENTERED.firstName || member) {
    shown.push(entry.user.avatar.startsWith('data:') ? 'first_name_initials' : 'first_name_picture')
  }
  if (entry.comment === ENTERED.comment) shown.push('comment')
  if (entry.createdAt) shown.push('date')
  return shown
}

/** What the list of signers of the delivery package shows of the signer; null when left out. */
async function shownToThoseAddressed(petition: Petition) {
  const rows = []
  for await (const chunk of countedSigners(petition.id)) rows.push(...chunk)
  const [row] = rows
  if (!row) return null
  const shown: VisibleItem[] = []
  if (row.first_name === ENTERED.firstName && row.last_name === ENTERED.lastName) shown.push('name')
  if (row.country === ENTERED.country) shown.push('country')
  if (row.created_at) shown.push('date')
  // The package prints comments only for a petition that takes them.
  if (petition.allowComments && row.comment === ENTERED.comment) shown.push('comment')
  return shown
}

/**
 * The sign form says who sees what a signer enters. It must be what the
 * owner's table and export, the public list and the delivery package
 * really show: each is read here and named as the note names it.
 */
test.group('Who sees what a signer enters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  for (const everyPart of [true, false]) {
    for (const anonymous of [false, true]) {
      test(`the note is true to the table, export, page and package (${everyPart ? 'every part' : 'a bare form'}, ${anonymous ? 'anonymous' : 'named'})`, async ({
        client,
        assert,
      }) => {
        const petition = await petitionWith(everyPart)
        await guestSigns(client, petition, anonymous)
        const note = signerVisibility(petition, { anonymous, member: false })

        assert.deepEqual(await shownInExport(client, petition), note.author)
        const row = await tableRow(client, petition)
        assert.containSubset(row, {
          user: { firstName: ENTERED.firstName, lastName: ENTERED.lastName, email: ENTERED.email },
          country: ENTERED.country,
          private: anonymous,
        })
        if (everyPart) {
          assert.containSubset(row, { postalCode: ENTERED.postalCode, comment: ENTERED.comment })
          assert.include(Object.values(row.customFieldsData), ENTERED.answer)
        }
        assert.deepEqual(await shownToEveryone(client, petition), note.everyone)
        assert.deepEqual(await shownToThoseAddressed(petition), note.handed)
      })
    }
  }

  test('a member’s profile picture is shown in public, and an opponent is left out of the package', async ({
    client,
    assert,
  }) => {
    const petition = await petitionWith(true)
    const member = await makeMember({
      firstName: ENTERED.firstName,
      lastName: ENTERED.lastName,
      avatar: '/uploads/avatars/olenka.jpg',
    })
    await sign(
      client,
      petition,
      {
        ...ENTERED,
        support: false,
        customFields: answers(petition),
      },
      member
    )
    await signatureCounter.flush()
    const note = signerVisibility(petition, { anonymous: false, member: true })
    assert.deepEqual(await shownToEveryone(client, petition, true), note.everyone)
    assert.isTrue(note.handedIfSupporting)
    assert.isNull(await shownToThoseAddressed(petition))
  })
})
