import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import User, { ROLE_MEMBER, ROLE_MODERATOR, ROLE_UNVERIFIED } from '#models/user'
import ModerationEvent from '#models/moderation_event'
import { trailOfUser } from '#services/moderation/audit_trail'
import { CONSOLE_ACTOR } from '#models/moderation_event'
import { makeMember } from '#tests/helpers/auth'
import UsersRole from '../../../commands/users_role.js'
import { makeModerator } from '#tests/helpers/moderation'

async function runRoleCommand(...argv: string[]) {
  ace.ui.switchMode('raw')
  const command = await ace.create(UsersRole, argv)
  await command.exec()
  return command
}

test.group('Roles: users:role', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('grants the moderator role and takes it back, each change in the audit trail', async ({
    assert,
  }) => {
    const member = await makeMember({ email: 'Marta.Keller@Example.org' })
    const granted = await runRoleCommand(
      'marta.keller@example.org',
      'moderator',
      '--reason=Joins the team'
    )
    granted.assertSucceeded()
    granted.assertLogMatches(/is now a moderator/)
    assert.equal((await User.findOrFail(member.id)).role, ROLE_MODERATOR)

    const again = await runRoleCommand('marta.keller@example.org', 'moderator')
    again.assertSucceeded()
    again.assertLogMatches(/already a moderator: nothing changed/)

    const removed = await runRoleCommand('MARTA.KELLER@example.org', 'member')
    removed.assertSucceeded()
    assert.equal((await User.findOrFail(member.id)).role, ROLE_MEMBER)

    const trail = await trailOfUser(member.id)
    assert.deepEqual(
      trail.map((event) => [event.action, event.actorId, event.actorName, event.reason]),
      [
        ['role_granted', null, CONSOLE_ACTOR, 'Joins the team'],
        ['role_removed', null, CONSOLE_ACTOR, null],
      ]
    )
    assert.isTrue(trail.every((event) => event.createdAt.diffNow().as('minutes') > -1))
  })

  test('an unverified account, perhaps signed up by someone else with that address, is refused', async ({
    assert,
    client,
  }) => {
    // Someone signs up first with the address a future moderator will use.
    await limiter.clear()
    ;(
      await client
        .post('/signup')
        .form({
          firstName: 'Marta',
          lastName: 'Keller',
          email: 'marta.keller@example.org',
          password: 'violet-river-3141',
          password_confirmation: 'violet-river-3141',
        })
        .withCsrfToken()
        .redirects(0)
    ).assertStatus(302)
    const squatter = await User.findByOrFail('email', 'marta.keller@example.org')
    assert.equal(squatter.role, ROLE_UNVERIFIED)

    for (const role of ['moderator', 'member']) {
      const command = await runRoleCommand('Marta.Keller@example.org', role, '--reason=Joins')
      command.assertFailed()
      assert.equal(command.exitCode, 1)
      assert.deepEqual(
        command.ui.logger.getLogs().map((log) => log.message),
        [
          '[ red(error) ] The account marta.keller@example.org is not verified: only a verified account can be given a role',
        ]
      )
    }
    assert.equal((await User.findOrFail(squatter.id)).role, ROLE_UNVERIFIED)
    assert.lengthOf(await trailOfUser(squatter.id), 0)
    ;(await client.get('/moderation').loginAs(squatter)).assertStatus(404)
  })

  test('an unknown address or role fails, changes nothing and records nothing', async ({
    assert,
  }) => {
    const member = await makeMember()
    const unknown = await runRoleCommand('nobody@example.org', 'moderator')
    unknown.assertFailed()
    unknown.assertLogMatches(/No account has the e-mail address nobody@example.org/)

    const badRole = await runRoleCommand(member.email, 'admin')
    badRole.assertFailed()
    badRole.assertLogMatches(/must be "member" or "moderator"/)

    assert.equal((await User.findOrFail(member.id)).role, ROLE_MEMBER)
    assert.equal(Number((await ModerationEvent.query().count('* as total'))[0].$extras.total), 0)
  })

  test('an entry of the audit trail can be neither changed nor deleted, and outlives its people', async ({
    assert,
  }) => {
    const moderator = await makeModerator()
    const member = await makeMember()
    const entry = await db.transaction((trx) =>
      ModerationEvent.record(trx, { actor: moderator, action: 'role_removed', userId: member.id })
    )
    assert.equal(entry.actorName, 'Ines Roth')

    entry.reason = 'rewritten'
    await assert.rejects(() => entry.save(), /append-only/)
    await assert.rejects(() => entry.delete(), /append-only/)

    await moderator.delete()
    await member.delete()
    const kept = await ModerationEvent.findOrFail(entry.id)
    assert.equal(kept.actorName, 'Ines Roth')
    assert.isNull(kept.reason)
  })
})
