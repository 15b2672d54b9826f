import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import fc from 'fast-check'
import type { ApiClient } from '@japa/api-client'
import { MODERATION_ACTIONS, type ModerationAction } from '#models/moderation_event'
import type User from '#models/user'
import { ROLE_MODERATOR } from '#models/user'
import ModerationEvent, { type Actor } from '#models/moderation_event'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'

type LogProps = {
  entries: {
    data: Array<{
      id: number
      action: string
      actorId: number | null
      actorName: string
      reason: string | null
      petitionId: number | null
      petitionTitle: string | null
      userId: number | null
      memberName: string | null
    }>
    links: Array<{ url: string | null; label: string; active: boolean }>
    total: number
  }
  filters: { action: string; actor: string }
  actions: string[]
  actors: Array<{ value: string; name: string }>
}

function record(
  actor: Actor,
  action: ModerationAction,
  about: { petitionId?: number; userId?: number; reason?: string } = {}
) {
  return db.transaction((trx) => ModerationEvent.record(trx, { actor, action, ...about }))
}

async function log(client: ApiClient, moderator: User, query = '') {
  const response = await client.get(`/moderation/log${query}`).loginAs(moderator).withInertia()
  response.assertStatus(200)
  response.assertInertiaComponent('Moderation/Log')
  return response.inertiaProps as LogProps
}

test.group("Moderation: the moderators' log", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists every entry newest first, 50 a page, naming the petition or member of each', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const member = await makeMember({ firstName: 'Marta', lastName: 'Keller' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Repaint the lighthouse' })
      .with('user')
      .create()
    await record('console', 'role_granted', { userId: member.id })
    // A petition deleted since: its entry stays, without a title to show.
    await record(moderator, 'petition_hidden', { petitionId: 2_000_000, reason: 'Spam' })
    for (let index = 1; index <= 50; index++) {
      await record(moderator, 'signatures_viewed', { petitionId: petition.id })
    }

    const first = await log(client, moderator)
    assert.equal(first.entries.total, 52)
    assert.lengthOf(first.entries.data, 50)
    const ids = first.entries.data.map((entry) => entry.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a)
    )
    assert.deepInclude(first.entries.data[0], {
      action: 'signatures_viewed',
      actorId: moderator.id,
      actorName: 'Ines Roth',
      petitionId: petition.id,
      petitionTitle: 'Repaint the lighthouse',
    })

    const second = await log(client, moderator, '?page=2')
    assert.deepEqual(
      second.entries.data.map((entry) => [
        entry.action,
        entry.actorName,
        entry.petitionId,
        entry.petitionTitle,
        entry.memberName,
      ]),
      [
        ['petition_hidden', 'Ines Roth', 2_000_000, null, null],
        ['role_granted', 'command line', null, null, 'Marta Keller'],
      ]
    )
  })

  test('filters by action and by actor, the command line included, and its page links keep the filters', async ({
    assert,
    client,
  }) => {
    const ines = await makeModerator()
    const jonas = await makeMember({ role: ROLE_MODERATOR, firstName: 'Jonas', lastName: 'Berg' })
    // Not in the trail: not offered.
    await makeMember({ role: ROLE_MODERATOR, firstName: 'Olga', lastName: 'Idle' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    await record('console', 'role_granted', { userId: ines.id })
    await record(ines, 'petition_hidden', { petitionId: petition.id, reason: 'Spam' })
    await record(jonas, 'petition_restored', { petitionId: petition.id, reason: 'Cleaned' })
    for (let index = 0; index < 55; index++) {
      await record(jonas, 'signatures_viewed', { petitionId: petition.id })
    }

    const all = await log(client, ines)
    assert.deepEqual(all.filters, { action: 'all', actor: 'all' })
    assert.includeMembers(all.actions, [
      'petition_closed',
      'petition_reopened',
      'signatures_viewed',
    ])
    assert.sameDeepMembers(all.actors, [
      { value: String(ines.id), name: 'Ines Roth' },
      { value: String(jonas.id), name: 'Jonas Berg' },
      { value: 'console', name: 'command line' },
    ])

    const actionsOf = (props: LogProps) => props.entries.data.map((entry) => entry.action)
    assert.deepEqual(actionsOf(await log(client, ines, `?actor=${ines.id}`)), ['petition_hidden'])
    assert.deepEqual(actionsOf(await log(client, ines, '?actor=console')), ['role_granted'])
    assert.deepEqual(actionsOf(await log(client, ines, '?action=petition_restored')), [
      'petition_restored',
    ])
    assert.deepEqual(
      actionsOf(await log(client, ines, `?action=petition_hidden&actor=${jonas.id}`)),
      []
    )

    const viewed = await log(client, ines, `?action=signatures_viewed&actor=${jonas.id}`)
    assert.deepEqual(viewed.filters, { action: 'signatures_viewed', actor: String(jonas.id) })
    assert.equal(viewed.entries.total, 55)
    const next = viewed.entries.links.find((link) => link.label === '2')!
    assert.include(next.url, 'action=signatures_viewed')
    assert.include(next.url, `actor=${jonas.id}`)
  })

  test('a filter value it does not know reads as "all", never as an error', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    await record(moderator, 'petition_closed', { petitionId: petition.id, reason: 'Scam' })
    await record('console', 'role_granted', { userId: moderator.id })

    for (const query of [
      '?action=drop_table',
      '?action[]=petition_closed',
      '?action=constructor',
      '?actor=abc',
      '?actor=-1',
      '?actor=1e3',
      '?actor=2147483648',
      `?actor=${moderator.id + 1000}`,
      '?actor[x]=1',
      '?action=&actor=',
      '?page=-3&action=petition_closedx',
    ]) {
      const props = await log(client, moderator, query)
      assert.deepEqual(props.filters, { action: 'all', actor: 'all' }, query)
      assert.equal(props.entries.total, 2, query)
    }
  })

  test('any query string a moderator sends gets the log, its filters known values or "all"', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    await record(moderator, 'role_removed', { userId: moderator.id })
    const known = fc.constantFrom('petition_closed', 'console', String(moderator.id), 'all', '2')
    const value = fc.oneof(known, fc.string(), fc.integer().map(String), fc.constant('1e309'))
    const queries = fc.dictionary(
      fc.constantFrom('action', 'actor', 'page', 'action[]', 'actor[x]', 'page[0]'),
      value
    )
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const response = await client
          .get(`/moderation/log?${new URLSearchParams(query)}`)
          .loginAs(moderator)
          .withInertia()
        response.assertStatus(200)
        const { filters, actors } = response.inertiaProps as LogProps
        assert.include([...MODERATION_ACTIONS, 'all'], filters.action)
        assert.include(['all', ...actors.map((actor) => actor.value)], filters.actor)
      }),
      { numRuns: 60 }
    )
  })
})
