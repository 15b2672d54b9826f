import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { bareEnvironment } from '#tests/shipped/support/shipped_app'

test.group('Shipped: the README commands on a fresh machine', () => {
  test('the browser suite without Chromium stops at once with one line saying how to install it', ({
    assert,
  }) => {
    // An explicit CHROMIUM_PATH is never installed over: the run must explain instead.
    const missing = app.makePath('tmp', 'no-chromium-here')
    const result = spawnSync(process.execPath, ['ace.js', 'test', 'browser'], {
      cwd: app.makePath(),
      env: bareEnvironment({
        CHROMIUM_PATH: missing,
        SQLITE_FILE: app.makePath('tmp', 'fresh-machine.sqlite3'),
        DB_CONNECTION: 'sqlite',
      }),
      encoding: 'utf8',
      timeout: 120_000,
    })
    assert.equal(result.status, 1)
    const lines = `${result.stdout}${result.stderr}`.split('\n')
    const advice = lines.filter((line) => line.includes('apt-get install chromium'))
    assert.lengthOf(advice, 1, lines.join('\n'))
    assert.include(advice[0], missing)
    // No journey ran, and none failed one by one.
    assert.notMatch(`${result.stdout}`, /✖|✔/)
  })
})
