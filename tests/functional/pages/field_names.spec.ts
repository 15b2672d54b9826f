import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import i18nManager from '@adonisjs/i18n/services/main'
import { LOCALES, type Locale } from '#app/i18n/locales'
import { PetitionFactory } from '#database/factories/petition_factory'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { newGuid } from '#tests/helpers/petitions'
import type User from '#models/user'

/** Input every field of a form refuses: empty, of the wrong kind, too long. */
const BAD_PETITION = {
  title: '',
  target: '',
  description: '',
  targetSignatures: 'many',
  published: 'perhaps',
  finished: 'perhaps',
  private: 'perhaps',
  allowOpposite: 'perhaps',
  allowComments: 'perhaps',
  closingDate: 'someday',
  timeZone: 'Mars/Olympus_Mons',
  videos: [{ url: 'not a video', title: 'x'.repeat(500), description: 'x'.repeat(5000) }],
  letters: [
    {
      payload: '',
      recipients: [{ name: '', designation: 'x'.repeat(500), email: 'nowhere' }],
    },
  ],
  updates: [{ title: '', createdAt: 'yesterday-ish', description: '' }],
  customFields: [{ type: 'colour', title: '', required: 'perhaps' }],
  // An entry of a list is named by its place: its message must not say "the 0 field".
  milestones: ['many', 2.5, null],
}
const BAD_SIGNATURE = {
  firstName: '',
  lastName: '',
  email: 'not-an-address',
  support: 'perhaps',
  private: 'perhaps',
  wantsUpdates: 'perhaps',
  customFields: [{ value: '' }],
}
const BAD_CONTACT = { name: '', email: 'nowhere', subject: '', message: '' }
const BAD_SIGNUP = { firstName: '', lastName: '', email: 'nowhere', password: 'x' }
const BAD_REPORT = { reason: 'boredom', note: 'x'.repeat(5000) }
const BAD_RESPONSE = { responder: '', respondedOn: 'soon', body: '', timeZone: 'Mars/Olympus_Mons' }

function post(client: ApiClient, locale: Locale, path: string, form: object, member?: User) {
  const host = locale === 'en' ? 'undersign.test' : `${locale}.undersign.test`
  const request = client
    .post(path)
    .header('host', host)
    .header('referer', `http://${host}/`)
    .json(form)
    .withCsrfToken()
    .redirects(0)
  return member ? request.loginAs(member) : request
}

test.group('Validation messages name fields as the page does', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no error of any form, in any language, names a field by its key', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published', 'withCustomFields')
      .with('user')
      .create()
    const owner = petition.user
    for (const locale of LOCALES) {
      const answers = [
        await post(client, locale, `/petition/${newGuid()}/create`, BAD_PETITION, member),
        await post(client, locale, `/petition/${petition.guid}/sign`, BAD_SIGNATURE),
        await post(client, locale, '/contacts', BAD_CONTACT),
        await post(client, locale, '/signup', BAD_SIGNUP),
        await post(client, locale, `/petition/${petition.guid}/report`, BAD_REPORT, member),
        await post(client, locale, `/petition/${petition.guid}/responses`, BAD_RESPONSE, owner),
      ]
      const messages = answers.flatMap((answer) => Object.entries(fieldErrors(answer)))
      assert.isAbove(messages.length, 20, locale)
      const fields = i18nManager.locale(locale)
      for (const [field, errors] of messages) {
        // The field's own key: the last word of its path (updates.0.createdAt).
        const key = field.split('.').at(-1)!
        // A key may also be a word of its own label ("message", "type").
        const label = fields.resolveIdentifier(`validator.shared.fields.${key}`)?.message
        if (label?.toLowerCase().includes(key.toLowerCase())) continue
        const byKey = new RegExp(`(^|[^\\p{L}])${key}($|[^\\p{L}])`, 'u')
        for (const message of errors) assert.notMatch(message, byKey, `${locale} ${field}`)
      }
    }
  })
})
