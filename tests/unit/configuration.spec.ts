import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { cookieDomainFor } from '#config/session'

/** Boots the app through an ace command with some variables changed, as `npm start` would. */
function aceWith(overrides: Record<string, string>) {
  return spawnSync(process.execPath, ['ace.js', 'demo:seed'], {
    cwd: app.makePath(),
    env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: 'false', ...overrides },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

test.group('Configuration', () => {
  test('the session cookie belongs to the bare domain, shared by every language subdomain', ({
    assert,
  }) => {
    assert.equal(cookieDomainFor('example.org'), 'example.org')
    assert.equal(cookieDomainFor('undersign.test'), 'undersign.test')
    assert.isUndefined(cookieDomainFor('localhost'))
  })

  test('a bad environment value stops the start with a message naming the variable', ({
    assert,
  }) => {
    const badPort = aceWith({ PORT: 'not-a-port' })
    assert.notEqual(badPort.status, 0)
    assert.include(`${badPort.stdout}${badPort.stderr}`, 'PORT')

    const badDatabase = aceWith({ DB_CONNECTION: 'mysql' })
    assert.notEqual(badDatabase.status, 0)
    assert.include(`${badDatabase.stdout}${badDatabase.stderr}`, 'DB_CONNECTION')
  }).timeout(120_000)

  test('a signature retention that is not a whole number of months stops the start', ({
    assert,
  }) => {
    for (const months of ['0', '1.5', 'a year']) {
      const refused = aceWith({ SIGNATURE_RETENTION_MONTHS: months })
      assert.notEqual(refused.status, 0, months)
      assert.include(`${refused.stdout}${refused.stderr}`, 'SIGNATURE_RETENTION_MONTHS')
    }
    const fine = aceWith({ SIGNATURE_RETENTION_MONTHS: '24' })
    assert.equal(fine.status, 0, fine.stderr)
  }).timeout(180_000)

  test('a cap on live streams per address that is not a whole number, 1 or more, stops the start', ({
    assert,
  }) => {
    for (const streams of ['0', '2.5', 'many']) {
      const refused = aceWith({ LIVE_STREAMS_PER_ADDRESS: streams })
      assert.notEqual(refused.status, 0, streams)
      assert.include(`${refused.stdout}${refused.stderr}`, 'LIVE_STREAMS_PER_ADDRESS')
    }
  }).timeout(180_000)

  test('an unusual-signing rule that cannot be met, or is met by everything, stops the start', ({
    assert,
  }) => {
    for (const [key, value] of [
      ['UNUSUAL_SIGNING_SHARE', '1.5'],
      ['UNUSUAL_SIGNING_SHARE', '0'],
      ['UNUSUAL_SIGNING_PER_HOUR', '0'],
      ['UNUSUAL_SIGNING_SHARE_MIN', 'ten'],
    ]) {
      const refused = aceWith({ [key]: value })
      assert.notEqual(refused.status, 0, `${key}=${value}`)
      assert.include(`${refused.stdout}${refused.stderr}`, key)
    }
  }).timeout(240_000)

  test('valid values start fine', ({ assert }) => {
    const fine = aceWith({
      PORT: '4444',
      DB_CONNECTION: 'sqlite',
      RATE_LIMIT_FACTOR: '0',
      LIVE_STREAMS_PER_ADDRESS: '50',
      UNUSUAL_SIGNING_PER_HOUR: '80',
      UNUSUAL_SIGNING_SHARE: '0.25',
      UNUSUAL_SIGNING_SHARE_MIN: '30',
    })
    assert.equal(fine.status, 0, fine.stderr)
  }).timeout(60_000)
})
