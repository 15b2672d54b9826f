import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import {
  DEFAULT_TRUSTED_PROXIES,
  parseTrustedProxies,
  trustProxiesIn,
} from '#start/trusted_proxies'

/** The trust function the app builds from a TRUSTED_PROXIES value. */
const trustFor = (value: string | undefined) => trustProxiesIn(parseTrustedProxies(value))

test.group('Trusted proxies (TRUSTED_PROXIES)', () => {
  test('unset, only loopback is trusted', ({ assert }) => {
    assert.equal(DEFAULT_TRUSTED_PROXIES, '127.0.0.1/8, ::1')
    const trust = trustFor(undefined)
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      assert.isTrue(trust(peer, 0), peer)
    for (const peer of ['10.0.0.1', '203.0.113.7', '::2', '2001:db8::1', 'not-an-ip', ''])
      assert.isFalse(trust(peer, 0), peer)
  })

  test('a list of addresses and CIDR ranges, IPv4 and IPv6', ({ assert }) => {
    const trust = trustFor(' 10.0.0.0/8 ,192.0.2.7, 2001:db8::/32 ')
    assert.isTrue(trust('10.200.3.4', 0))
    assert.isTrue(trust('::ffff:10.1.1.1', 1))
    assert.isTrue(trust('192.0.2.7', 0))
    assert.isFalse(trust('192.0.2.8', 0))
    assert.isTrue(trust('2001:db8:abcd::1', 0))
    assert.isFalse(trust('127.0.0.1', 0), 'loopback is no longer trusted once a list is given')
  })

  test('false or empty trusts nobody', ({ assert }) => {
    for (const value of ['false', 'FALSE', '', '  ']) {
      assert.deepEqual(parseTrustedProxies(value), [])
      assert.isFalse(trustFor(value)('127.0.0.1', 0), JSON.stringify(value))
    }
  })

  test('anything but addresses and ranges is refused, naming the entry', ({ assert }) => {
    for (const value of [
      'true',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/x',
      'proxy.local',
      '1.2.3.4/8/9',
    ])
      assert.throws(() => parseTrustedProxies(`127.0.0.1, ${value}`), value)
  })

  test('a bad value stops the start with a message naming the variable', ({ assert }) => {
    const run = spawnSync(process.execPath, ['ace.js', 'demo:seed'], {
      cwd: app.makePath(),
      env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: 'false', TRUSTED_PROXIES: '10.0.0.0/33' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    assert.notEqual(run.status, 0)
    assert.include(`${run.stdout}${run.stderr}`, 'TRUSTED_PROXIES')
  }).timeout(60_000)
})
