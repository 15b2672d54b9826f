import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { ROLE_MODERATOR } from '#models/user'
import type Petition from '#models/petition'
import { hourOf } from '#shared/hours'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'

const HOUR_MS = 3_600_000
const hoursOf = (petition: Petition) => `/petition/${petition.guid}/signatures/hours.json`

/** Hourly counts as the counter's flush leaves them: [hour, count] pairs. */
async function counted(petition: Petition, rows: Array<[number, number]>) {
  await db
    .table('petition_hourly_signatures')
    .multiInsert(rows.map(([hour, count]) => ({ petition_id: petition.id, hour, count })))
}

test.group("The owner's last 48 hours", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('exactly 48 hours, the current one last, hours without signatures as 0', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').create()
    const now = hourOf()
    const rows: Array<[number, number]> = [
      [now - 200, 9], // In its first week, long ago: history, not the last 48 hours.
      [now - 48, 4], // One hour too old.
      [now - 47, 3],
      [now - 20, 12],
      [now - 19, -1], // A withdrawal in an hour without a confirmation.
      [now, 5],
    ]
    await counted(petition, rows)
    await counted(other, [[now - 1, 100]])

    const response = await client.get(hoursOf(petition)).loginAs(petition.user)
    response.assertStatus(200)
    const { data } = response.body() as { data: Array<{ at: string; count: number }> }
    assert.lengthOf(data, 48)
    // The hour the server saw as current (the test may cross an hour's end).
    const last = Date.parse(data[47].at) / HOUR_MS
    assert.oneOf(last, [now, now + 1])
    const expected = new Map(rows)
    data.forEach((point, index) => {
      const hour = last - 47 + index
      assert.equal(point.at, new Date(hour * HOUR_MS).toISOString())
      assert.equal(point.count, expected.get(hour) ?? 0, point.at)
    })
    if (last === now) {
      assert.deepEqual(
        data.filter((point) => point.count !== 0).map((point) => point.count),
        [3, 12, -1, 5]
      )
    }
  })

  test('a petition without signatures has 48 empty hours', async ({ client, assert }) => {
    const petition = await PetitionFactory.with('user').create()
    const response = await client.get(hoursOf(petition)).loginAs(petition.user)
    response.assertStatus(200)
    const { data } = response.body() as { data: Array<{ at: string; count: number }> }
    assert.lengthOf(data, 48)
    assert.isTrue(data.every((point) => point.count === 0))
  })

  test('a moderator may read them', async ({ client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    ;(await client.get(hoursOf(petition)).loginAs(moderator)).assertStatus(200)
  })

  test('another member is refused (403, or 404 for a draft), a guest is sent to log in', async ({
    client,
    assert,
  }) => {
    const published = await PetitionFactory.apply('published').with('user').create()
    const draft = await PetitionFactory.with('user').create()
    await counted(published, [[hourOf(), 7]])
    const stranger = await makeMember()

    const refused = await client.get(hoursOf(published)).loginAs(stranger)
    refused.assertStatus(403)
    assert.notInclude(refused.text(), '"count"')
    ;(await client.get(hoursOf(draft)).loginAs(stranger)).assertStatus(404)

    const guest = await client.get(hoursOf(published)).redirects(0)
    assert.oneOf(guest.status(), [302, 401])
    assert.notInclude(guest.text(), '"count"')
    if (guest.status() === 302) assert.include(guest.header('location'), '/login')
  })
})
