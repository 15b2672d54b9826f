import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { shippedApp, visitor } from '#tests/shipped/support/shipped_app'
import {
  createPetition,
  eventually,
  guestSignForm,
  verifiedMember,
} from '#tests/shipped/support/journeys'
import { linkIn } from '#tests/shipped/support/mailbox'

/** Runs the log's auditor (`npm run log:audit`) against the running build: its exit code and output. */
function audit(siteUrl: string) {
  const auditor = spawn(
    process.execPath,
    ['log-verifier/audit.ts', siteUrl, '--state', app.makePath('tmp', 'log-audit-shipped.json')],
    {
      cwd: app.makePath(),
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  let output = ''
  auditor.stdout.on('data', (chunk) => (output += chunk))
  auditor.stderr.on('data', (chunk) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    auditor.once('exit', (code) => resolve({ code, output }))
  })
}

test.group('Shipped: the transparency log', () => {
  // Last of the suite's files: the log then holds what every test before did to the counts.
  test('the auditor anyone can run finds nothing wrong with the built site', async ({ assert }) => {
    const { mailbox, port } = shippedApp()
    const owner = await verifiedMember('audra@example.org')
    const { guid, slug } = await createPetition(owner)
    for (const email of ['uno@example.es', 'dos@example.es']) {
      const signer = visitor('es')
      await signer.open(`/petition/${slug}`)
      await signer.submit('POST', `/petition/${guid}/sign`, { json: guestSignForm(email) })
      const mail = await mailbox.waitFor(email, undefined, 90_000)
      const { page } = await signer.open(linkIn(mail, '/signature/'))
      await signer.submit('POST', page?.props.confirmUrl as string, { json: {} })
    }
    // The site signs a head covering the new leaves within seconds.
    const covered = await eventually(
      async () => (await visitor().send('GET', `/petition/${slug}/log.json`)).json(),
      (log) => log?.treeHead !== null && log?.supportCount === 2,
      30_000
    )
    assert.equal(covered.supportCount, 2)
    const { code, output } = await audit(`http://127.0.0.1:${port}`)
    assert.equal(code, 0, output)
  })
})
