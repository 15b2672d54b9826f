import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'
import { bareEnvironment, recorder, shippedApp } from '#tests/shipped/support/shipped_app'

test.group('Shipped: files read at run time', () => {
  test('a process of the build that reads a source file is caught', ({ assert }) => {
    const log = app.makePath('tmp', 'shipped', 'recorder-check.log')
    rmSync(log, { force: true })
    const source = app.makePath('resources', 'security', 'common_passwords.txt')
    const script = `
      import { readFileSync } from 'node:fs'
      import { readFile } from 'node:fs/promises'
      readFileSync(${JSON.stringify(source)})
      readFileSync('package.json')
      await readFile(${JSON.stringify(app.makePath('start', 'env.ts'))})
    `
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app.makePath('build'),
      env: bareEnvironment({
        NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`,
        SOURCE_READS_LOG: log,
      }),
      encoding: 'utf8',
    })
    assert.equal(result.status, 0, result.stderr)
    // build/package.json is the bundle's own; the other two are sources.
    const caught = new Set(readFileSync(log, 'utf8').trim().split('\n'))
    assert.deepEqual([...caught], [source, app.makePath('start', 'env.ts')])
  })

  test('the built app read no source file during the suite', ({ assert }) => {
    const { readsLog } = shippedApp()
    const reads = (() => {
      try {
        return readFileSync(readsLog, 'utf8').trim()
      } catch {
        return ''
      }
    })()
    assert.equal(reads, '', 'files read from the sources instead of the build')
  })
})
