import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import Letter from '#models/letter'
import CustomField from '#models/custom_field'
import PetitionUpdate from '#models/petition_update'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { newGuid, submitPetition, validPetition } from '#tests/helpers/petitions'
import { LIMITS } from '#shared/petitions/constants'
import { DateTime } from 'luxon'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { inertiaPage } from '#tests/helpers/inertia'

const text = (length: number) => 'x'.repeat(length)

test.group('Saving a petition', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member creates a petition with all its parts in one request', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const response = await submitPetition(client, member, guid)
    response.assertStatus(302)

    const petition = await Petition.query()
      .where('guid', guid)
      .preload('letters', (q) => q.preload('recipients'))
      .preload('customFields')
      .preload('media')
      .firstOrFail()
    // Creating publishes it: the save lands on its live page.
    response.assertHeader('location', `/petition/${petition.slug}`)
    assert.equal(petition.userId, member.id)
    assert.equal(petition.slug, 'save-the-shevchenko-park')
    assert.isTrue(petition.published)
    assert.isFalse(petition.finished)
    assert.equal(petition.letters[0].recipients[0].name, 'Ivan Petrenko')
    assert.isTrue(petition.customFields[0].required)
    const video = petition.media.find((media) => media.type === 'video')!
    assert.equal(video.url, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    const banner = petition.media.find((media) => media.type === 'banner')!
    assert.equal(banner.driver, 'local')
    assert.equal(banner.url, '/banner-templates/forest.jpg')
  })

  test('asking signers for a postal code is off unless the owner turns it on, and the edit form shows it', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid)
    assert.isFalse((await Petition.findByOrFail('guid', guid)).askPostalCode)
    const blank = inertiaPage(await client.get('/petition/create').withInertia().loginAs(member))
    assert.isFalse(blank.props.petition.askPostalCode)

    await submitPetition(client, member, guid, { askPostalCode: true })
    assert.isTrue((await Petition.findByOrFail('guid', guid)).askPostalCode)
    const edit = inertiaPage(
      await client.get(`/petition/${guid}/edit`).withInertia().loginAs(member)
    )
    assert.isTrue(edit.props.petition.askPostalCode)
    // The sign form of its page asks for it too.
    const petition = await Petition.findByOrFail('guid', guid)
    const show = inertiaPage(await client.get(`/petition/${petition.slug}`).withInertia())
    assert.isTrue(show.props.petition.askPostalCode)
  })

  test('creating twice with the same guid updates, never duplicates', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid)
    const field = await CustomField.firstOrFail()
    const letter = await Letter.firstOrFail()
    await client
      .post(`/petition/${guid}/create`)
      .json(
        validPetition({
          title: 'A new title',
          customFields: [{ id: field.id, type: 'text', title: 'Your district', required: true }],
          letters: [
            {
              id: letter.id,
              payload: 'Updated letter',
              recipients: [{ name: 'Ivan Petrenko' }, { name: 'Olha Bondar', payload: 'Deputy' }],
            },
          ],
        })
      )
      .loginAs(member)
      .withCsrfToken()
    const petitions = await Petition.query().where('guid', guid)
    assert.lengthOf(petitions, 1)
    assert.equal(petitions[0].title, 'A new title')
    assert.equal(
      petitions[0].slug,
      'save-the-shevchenko-park',
      'the slug does not change with the title'
    )
    const fields = await CustomField.all()
    assert.lengthOf(fields, 1)
    assert.equal(fields[0].id, field.id, 'the custom field keeps its id')
    assert.lengthOf(await Letter.all(), 1)
    assert.lengthOf(await PetitionMedia.query().where('type', 'banner'), 1)
  })

  test('slugs are transliterated and unique', async ({ client, assert }) => {
    const member = await makeMember()
    for (let round = 0; round < 2; round++) {
      await submitPetition(client, member, newGuid(), { title: 'Збережемо парк Шевченка!' })
    }
    const slugs = (await Petition.query().orderBy('id')).map((petition) => petition.slug)
    assert.deepEqual(slugs, ['zberezhemo-park-shevchenka', 'zberezhemo-park-shevchenka-2'])
  })

  test('an unlisted petition gets a random slug that neither its title nor a namesake reveals', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const title = 'Close the landfill near Irpin'
    await submitPetition(client, member, newGuid(), { title })
    const unlisted = [newGuid(), newGuid()]
    for (const guid of unlisted) {
      ;(await submitPetition(client, member, guid, { title, private: true })).assertStatus(302)
    }

    const slugs = await Promise.all(
      unlisted.map(async (guid) => (await Petition.findByOrFail('guid', guid)).slug)
    )
    for (const slug of slugs) {
      assert.match(slug, /^close-the-landfill-near-irpin-[a-z0-9]{12}$/)
      assert.notMatch(slug, /-\d$/)
      // Guessing from the title finds only the listed petition.
      const guess = await client.get(`/petition/${slug.replace(/-[a-z0-9]{12}$/, '-2')}`)
      guess.assertStatus(404)
    }
    assert.notEqual(slugs[0], slugs[1])
    ;(await client.get(`/petition/${slugs[0]}`)).assertStatus(200)
  })

  const LIMIT_CASES: Array<[string, (length: number) => Record<string, unknown>, number]> = [
    ['title', (length) => ({ title: text(length) }), LIMITS.title],
    ['target', (length) => ({ target: text(length) }), LIMITS.target],
    ['description', (length) => ({ description: text(length) }), LIMITS.description],
    [
      'videos.0.title',
      (length) => ({ videos: [{ title: text(length), url: 'https://vimeo.com/76979871' }] }),
      LIMITS.videoTitle,
    ],
    [
      'videos.0.description',
      (length) => ({ videos: [{ url: 'https://vimeo.com/76979871', description: text(length) }] }),
      LIMITS.videoDescription,
    ],
    [
      'letters.0.payload',
      (length) => ({ letters: [{ payload: text(length), recipients: [] }] }),
      LIMITS.letter,
    ],
    [
      'letters.0.recipients.0.name',
      (length) => ({ letters: [{ payload: 'Dear all', recipients: [{ name: text(length) }] }] }),
      LIMITS.recipientName,
    ],
    [
      'letters.0.recipients.0.payload',
      (length) => ({
        letters: [{ payload: 'Dear all', recipients: [{ name: 'Ann', payload: text(length) }] }],
      }),
      LIMITS.recipientDesignation,
    ],
    [
      'updates.0.title',
      (length) => ({ updates: [{ title: text(length), createdAt: '2024-05-01' }] }),
      LIMITS.updateTitle,
    ],
    [
      'updates.0.description',
      (length) => ({
        updates: [{ title: 'News', createdAt: '2024-05-01', description: text(length) }],
      }),
      LIMITS.updateDescription,
    ],
    [
      'customFields.0.title',
      (length) => ({ customFields: [{ type: 'text', title: text(length) }] }),
      LIMITS.customFieldTitle,
    ],
    [
      'customFields.0.description',
      (length) => ({ customFields: [{ type: 'text', title: 'Age', description: text(length) }] }),
      LIMITS.customFieldDescription,
    ],
  ]

  for (const [key, build, max] of LIMIT_CASES) {
    test(`${key}: ${max} characters pass, ${max + 1} are refused under "${key}"`, async ({
      client,
      assert,
    }) => {
      const member = await makeMember()
      const atLimit = await submitPetition(client, member, newGuid(), build(max))
      assert.deepEqual(fieldErrors(atLimit), {}, `${max} characters are allowed`)
      assert.lengthOf(await Petition.all(), 1)

      const over = await submitPetition(client, member, newGuid(), build(max + 1))
      assert.sameMembers(Object.keys(fieldErrors(over)), [key])
      assert.lengthOf(await Petition.all(), 1, 'nothing written')
    })
  }

  test('a fourth recipient and a twenty-first custom field are refused', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const recipients = ['A', 'B', 'C', 'D'].map((name) => ({ name: `Recipient ${name}` }))
    const tooMany = await submitPetition(client, member, newGuid(), {
      letters: [{ payload: 'Dear all', recipients }],
    })
    assert.include(Object.keys(fieldErrors(tooMany)), 'letters.0.recipients')

    const fields = Array.from({ length: 21 }, (_, index) => ({
      type: 'text',
      title: `Field ${index + 1}`,
    }))
    const tooManyFields = await submitPetition(client, member, newGuid(), { customFields: fields })
    assert.include(Object.keys(fieldErrors(tooManyFields)), 'customFields')

    const twenty = await submitPetition(client, member, newGuid(), {
      customFields: fields.slice(0, 20),
    })
    assert.notInclude(Object.keys(fieldErrors(twenty)), 'customFields')
    assert.lengthOf(await Petition.all(), 1)
  })

  test('an update dated in the future is refused; today is fine', async ({ client, assert }) => {
    const member = await makeMember()
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10)
    const future = await submitPetition(client, member, newGuid(), {
      updates: [{ title: 'Soon', createdAt: tomorrow }],
    })
    assert.include(Object.keys(fieldErrors(future)), 'updates.0.createdAt')

    const today = new Date().toISOString().slice(0, 10)
    await submitPetition(client, member, newGuid(), {
      updates: [{ title: 'Today', createdAt: today }],
    })
    assert.lengthOf(await PetitionUpdate.all(), 1)
  })

  test("an update's date is checked in the author's calendar: their time zone, else UTC", async ({
    client,
    assert,
    cleanup,
  }) => {
    // 14:30 UTC: already tomorrow in Brisbane (UTC+10) and on Kiritimati (UTC+14).
    const now = DateTime.utc().set({ hour: 14, minute: 30 })
    setClock(now)
    cleanup(() => restoreClock())
    const member = await makeMember()
    const dated = (day: DateTime) => [{ title: 'Signatures delivered', createdAt: day.toISODate() }]
    const tomorrowInUtc = now.plus({ days: 1 })

    const withoutZone = await submitPetition(client, member, newGuid(), {
      updates: dated(tomorrowInUtc),
    })
    assert.include(Object.keys(fieldErrors(withoutZone)), 'updates.0.createdAt')
    for (const timeZone of ['Pacific/Kiritimati', 'Australia/Brisbane']) {
      const saved = await submitPetition(client, member, newGuid(), {
        updates: dated(tomorrowInUtc),
        timeZone,
      })
      assert.deepEqual(fieldErrors(saved), {}, timeZone)
    }
    assert.lengthOf(await PetitionUpdate.all(), 2)
    assert.equal(
      (await PetitionUpdate.firstOrFail()).happenedOn.toISODate(),
      tomorrowInUtc.toISODate()
    )

    // The day after the author's today is the future there too.
    const future = await submitPetition(client, member, newGuid(), {
      updates: dated(now.plus({ days: 2 })),
      timeZone: 'Pacific/Kiritimati',
    })
    assert.include(Object.keys(fieldErrors(future)), 'updates.0.createdAt')
  })

  test('a time zone that names none is refused under timeZone, in the language of the page', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe/' + 'x'.repeat(500), 42]) {
      const response = await client
        .post(`/petition/${newGuid()}/create`)
        .header('host', 'uk.undersign.test')
        .json(validPetition({ updates: [{ title: 'Новина', createdAt: '2024-05-01' }], timeZone }))
        .loginAs(member)
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
      const errors = fieldErrors(response)
      assert.deepEqual(Object.keys(errors), ['timeZone'], String(timeZone))
      assert.match(errors.timeZone[0], /часов/)
    }
    assert.lengthOf(await Petition.all(), 0)
  })

  test('errors come in the language of the page', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await client
      .post(`/petition/${newGuid()}/create`)
      .header('host', 'uk.undersign.test')
      .json(validPetition({ title: '', videos: [{ url: 'https://evil.example/v' }] }))
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    const errors = fieldErrors(response)
    assert.match(errors['videos.0.url'][0], /YouTube|Vimeo/)
    assert.notEqual(errors['videos.0.url'][0], 'Please give a YouTube or Vimeo link')
    assert.match(errors.title[0], /[а-яіїєґ]/i)
  })

  test('only YouTube and Vimeo links are accepted as videos', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await submitPetition(client, member, newGuid(), {
      videos: [{ url: 'https://evil.example/video.mp4' }],
    })
    assert.include(Object.keys(fieldErrors(response)), 'videos.0.url')
  })

  test('the description loses scripts, handlers, javascript: links, SVG and iframes', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const description = [
      '<p onclick="steal()">Keep <b>this</b> <em>text</em>.</p>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">bad link</a> <a href="https://example.org">good link</a>',
      '<svg onload="alert(1)"><circle r="10"/></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<img src="https://tracker.example/pixel.gif" onerror="alert(1)">',
      '<h2 style="color:red">Title</h2>',
    ].join('')
    await submitPetition(client, member, guid, { description })
    const saved = (await Petition.findByOrFail('guid', guid)).description
    for (const forbidden of [
      '<script',
      'onclick',
      'onload',
      'onerror',
      'javascript:',
      '<svg',
      '<iframe',
      'tracker.example',
      'style=',
    ]) {
      assert.notInclude(saved.toLowerCase(), forbidden)
    }
    assert.include(saved, '<b>this</b>')
    assert.include(saved, '<a href="https://example.org" rel="nofollow noopener">good link</a>')
    assert.include(saved, '<h2>Title</h2>')
  })

  test("a non-owner cannot save someone else's petition, and nothing changes", async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const other = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)
    const response = await submitPetition(client, other, guid, { title: 'Hijacked' })
    response.assertStatus(403)
    assert.equal((await Petition.findByOrFail('guid', guid)).title, 'Save the Shevchenko park')
  })

  test("someone else's draft answers 404", async ({ client, assert }) => {
    const owner = await makeMember()
    const other = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)
    await submitPetition(client, owner, guid, { published: false })
    assert.isFalse((await Petition.findByOrFail('guid', guid)).published)
    const response = await submitPetition(client, other, guid, { title: 'Hijacked' })
    response.assertStatus(404)
  })

  test('a new petition is published and open whatever the form says', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid, { published: false, finished: true })
    const petition = await Petition.findByOrFail('guid', guid)
    assert.isTrue(petition.published)
    assert.isFalse(petition.finished)
  })

  test('guests cannot save petitions', async ({ client, assert }) => {
    const response = await client
      .post(`/petition/${newGuid()}/create`)
      .json(validPetition())
      .withCsrfToken()
      .redirects(0)
    assert.include([302, 401], response.status())
    assert.lengthOf(await Petition.all(), 0)
  })
})
