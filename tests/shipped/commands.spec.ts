import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { appProcessEnvironment, shippedDb, sourceReads } from '#tests/shipped/support/shipped_app'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { UserFactory } from '#database/factories/user_factory'

/** Runs a command of the build beside the running app: its exit code, or null if it is still running after `limitMs`. */
function runCommand(args: string[], limitMs: number) {
  const command = spawn(process.execPath, ['ace.js', ...args], {
    cwd: app.makePath('build'),
    env: appProcessEnvironment(),
    stdio: 'ignore',
  })
  return new Promise<number | null>((resolve) => {
    const limit = setTimeout(() => {
      command.kill('SIGKILL')
      resolve(null)
    }, limitMs)
    command.once('exit', (code) => {
      clearTimeout(limit)
      resolve(code)
    })
  })
}

test.group('Shipped: commands', () => {
  // A command that changes a petition tells the other processes (through
  // Redis when there is one) and must still end: the message is sent before
  // Redis closes, not after, which would open a connection that never closes.
  test('petitions:recount corrects a count and ends', async ({ assert }) => {
    const owner = await UserFactory.connection('shipped').create()
    const petition = await PetitionFactory.connection('shipped')
      .apply('published')
      .merge({ userId: owner.id, title: 'A count to correct' })
      .create()
    await SignatureFactory.connection('shipped').merge({ petitionId: petition.id }).createMany(3)
    await shippedDb().from('petitions').where('id', petition.id).update({ support_count: 40 })

    const code = await runCommand(['petitions:recount', `--petition=${petition.id}`], 20_000)
    assert.equal(code, 0, 'the command ended by itself')
    const row = await shippedDb().from('petitions').where('id', petition.id).firstOrFail()
    assert.equal(Number(row.support_count), 3)
    assert.deepEqual(sourceReads(), [])
  })
})
