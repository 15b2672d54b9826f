import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { createApiToken } from '#services/api_tokens/tokens'
import PruneApiTokenUsesJob from '#jobs/prune_api_token_uses_job'
import { makeMember } from '#tests/helpers/auth'
import { restoreClock, setClock } from '#tests/helpers/clock'

test.group('API tokens: their requests are kept 90 days', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  group.each.teardown(() => restoreClock())

  test('the daily job forgets the requests older than 90 days, and only those', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const { token, value } = await createApiToken(member, {
      name: 'CRM sync',
      abilities: ['signatures:read'],
      expiresInDays: 365,
    })
    const ask = () => client.get('/api/v1/me').header('authorization', `Bearer ${value}`)
    const start = DateTime.utc().startOf('day').plus({ hours: 12 })
    setClock(start)
    ;(await ask()).assertStatus(200)
    setClock(start.plus({ days: 60 }))
    ;(await ask()).assertStatus(200)

    setClock(start.plus({ days: 91 }))
    await new PruneApiTokenUsesJob().execute()
    const kept = await db.from('api_token_uses').where('token_id', Number(token.identifier))
    assert.lengthOf(kept, 1, 'the request of day 60 stays, the one of day 0 is gone')
    assert.equal(kept[0].path, '/api/v1/me')
  })
})
