import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import {
  DOMAIN,
  bareEnvironment,
  productionSettings,
  startAsNewcomer,
  writeEnvFile,
} from '#tests/shipped/support/shipped_app'
import { Visitor } from '#tests/shipped/support/visitor'

const folder = app.makePath('tmp', 'shipped', 'settings')

/** `npm start` with the settings of an .env of its own: its exit code and output. */
function startWith(settings: Record<string, string>) {
  rmSync(folder, { recursive: true, force: true })
  writeEnvFile(folder, {
    ...settings,
    SQLITE_FILE: join(folder, 'db.sqlite3'),
    STORAGE_PATH: join(folder, 'storage'),
  })
  const result = spawnSync(process.execPath, ['bin/start.js'], {
    cwd: app.makePath(),
    env: bareEnvironment({ ENV_PATH: folder }),
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const refusals: Array<{ setting: string; overrides: Record<string, string>; variable: string }> = [
  {
    setting: 'mail left in the outbox',
    overrides: { MAIL_MAILER: '', SMTP_HOST: '' },
    variable: 'MAIL_MAILER',
  },
  { setting: 'no APP_KEY', overrides: { APP_KEY: '' }, variable: 'APP_KEY' },
  {
    setting: 'the published test APP_KEY',
    overrides: { APP_KEY: 'test-only-key-not-secret-0123456789abcdef' },
    variable: 'APP_KEY',
  },
  { setting: 'a short APP_KEY', overrides: { APP_KEY: 'short-secret' }, variable: 'APP_KEY' },
  {
    setting: 'rate limits off',
    overrides: { RATE_LIMIT_FACTOR: '0' },
    variable: 'RATE_LIMIT_FACTOR',
  },
  {
    setting: 'an unknown DRIVE_DISK',
    overrides: { DRIVE_DISK: 'ftp' },
    variable: 'DRIVE_DISK',
  },
  {
    setting: 'uploads in a bucket without a bucket',
    overrides: { DRIVE_DISK: 's3', S3_BUCKET: '' },
    variable: 'S3_BUCKET',
  },
  {
    setting: 'APP_URL without https',
    overrides: { APP_URL: `http://${DOMAIN}` },
    variable: 'APP_URL',
  },
]

test.group('Shipped: settings that must never reach a real site', () => {
  test('production refuses to start with {setting}, in one line naming {variable}')
    .with(refusals)
    .run(({ assert }, { overrides, variable }) => {
      const { status, output } = startWith(productionSettings({ PORT: '3399', ...overrides }))
      assert.equal(status, 78, output)
      const refusal = output.split('\n').filter((line) => line.startsWith('Refusing to start'))
      assert.lengthOf(refusal, 1, output)
      assert.include(refusal[0], variable)
      // Nothing ran: not even the migrations.
      assert.notInclude(output, 'Migrated')
      assert.notInclude(output, '    at ')
    })

  test('npm start outside production says so in one line, and where the mails go', async ({
    assert,
  }) => {
    const newcomer = await startAsNewcomer(folder, { APP_DOMAIN: DOMAIN, SEED_DEMO: 'false' })
    const outbox = join(folder, 'outbox')
    const output = newcomer.output()
    try {
      const member = new Visitor({ port: newcomer.port, domain: DOMAIN })
      const modeLines = output.split('\n').filter((line) => line.includes('development mode'))
      assert.lengthOf(modeLines, 1, output)
      assert.include(modeLines[0], 'tmp/shipped/settings/outbox/')
      assert.include(modeLines[0], `/dev/mail`)

      // A newcomer signs up: the verification mail is in the outbox.
      const signup = await member.submit('POST', '/signup', {
        json: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.org',
          password: 'violet-river-3141',
          password_confirmation: 'violet-river-3141',
        },
      })
      assert.equal(signup.landing?.component, 'My/MyPetitions')
      let mails: string[] = []
      for (let attempt = 0; attempt < 50 && mails.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        mails = (() => {
          try {
            return readdirSync(outbox)
          } catch {
            return []
          }
        })()
      }
      assert.lengthOf(mails, 1)
      assert.include(readFileSync(join(outbox, mails[0]), 'utf8'), 'ada@example.org')
    } finally {
      await newcomer.stop()
    }
  })
})
