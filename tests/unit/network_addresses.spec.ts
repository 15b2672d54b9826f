import { test } from '@japa/runner'
import { addressKind, reachableAddress } from '#support/network_addresses'
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_RETRY_SPAN_SECONDS,
  retryDelaySeconds,
} from '#support/webhook_retries'
import { unsafeSetting } from '#start/safe_settings'

test.group('Network addresses: what the site may connect to', () => {
  test('each special range is told apart', ({ assert }) => {
    const kinds: Record<string, string> = {
      '8.8.8.8': 'public',
      '93.184.215.14': 'public',
      '127.0.0.1': 'loopback',
      '127.8.9.10': 'loopback',
      '10.0.0.1': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '172.32.0.1': 'public',
      '192.168.0.1': 'private',
      '100.64.0.1': 'private',
      '100.127.255.255': 'private',
      '100.128.0.1': 'public',
      '169.254.0.1': 'link_local',
      '169.254.169.254': 'metadata',
      '169.254.170.2': 'metadata',
      '100.100.100.200': 'metadata',
      '0.0.0.0': 'reserved',
      '224.0.0.1': 'reserved',
      '239.255.255.250': 'reserved',
      '240.0.0.1': 'reserved',
      '255.255.255.255': 'reserved',
      '192.0.2.1': 'reserved',
      '198.18.0.1': 'reserved',
      '::': 'reserved',
      '::1': 'loopback',
      '[::1]': 'loopback',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      'fd00:ec2::254': 'metadata',
      'fe80::1': 'link_local',
      'febf::1': 'link_local',
      'ff02::1': 'reserved',
      '2001:db8::1': 'reserved',
      '2606:4700:4700::1111': 'public',
      '2a00:1450:4001:80b::200e': 'public',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '::ffff:10.0.0.1': 'private',
      '::ffff:169.254.169.254': 'metadata',
      '::ffff:8.8.8.8': 'public',
      '::127.0.0.1': 'loopback',
      '::10.0.0.1': 'private',
      '64:ff9b::7f00:1': 'loopback',
      '64:ff9b::a9fe:a9fe': 'metadata',
      '2002:7f00:1::': 'loopback',
      '2002:a9fe:a9fe::1': 'metadata',
      '2002:808:808::1': 'public',
      'not an address': 'reserved',
    }
    for (const [address, kind] of Object.entries(kinds)) {
      assert.equal(addressKind(address), kind, address)
    }
  })

  test('the flag opens loopback and private ranges, never link-local, metadata or reserved ones', ({
    assert,
  }) => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.1', 'fd12::1']) {
      assert.isFalse(reachableAddress(address), address)
      assert.isTrue(reachableAddress(address, { allowPrivate: true }), address)
    }
    for (const address of ['169.254.169.254', 'fe80::1', 'fd00:ec2::254', '0.0.0.0', 'ff02::1']) {
      assert.isFalse(reachableAddress(address, { allowPrivate: true }), address)
    }
    assert.isTrue(reachableAddress('8.8.8.8'))
  })
})

test.group('Webhook retries', () => {
  test('span 24 hours from the first try, closer together at first', ({ assert }) => {
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0)
    assert.equal(total, WEBHOOK_RETRY_SPAN_SECONDS)
    assert.equal(WEBHOOK_RETRY_SPAN_SECONDS, 86_400)
    assert.deepEqual(WEBHOOK_RETRY_DELAYS_SECONDS.slice(0, 3), [5, 300, 1800])
    assert.equal(retryDelaySeconds(1), 5)
    assert.isNull(retryDelaySeconds(WEBHOOK_MAX_ATTEMPTS))
    assert.isNumber(retryDelaySeconds(WEBHOOK_MAX_ATTEMPTS - 1))
  })

  test('private destinations are refused at the start of a production site', ({ assert }) => {
    const production = (extra: Record<string, unknown>) => ({
      get: (key: string, fallback?: unknown) =>
        ({
          APP_KEY: { release: () => 'a-real-secret-of-more-than-32-characters!' },
          NODE_ENV: 'production',
          SMTP_HOST: 'smtp.example.org',
          APP_URL: 'https://example.org',
          ...extra,
        })[key] ?? fallback,
    })
    assert.isNull(unsafeSetting(production({})))
    assert.include(
      unsafeSetting(production({ WEBHOOKS_ALLOW_PRIVATE: true }))!,
      'WEBHOOKS_ALLOW_PRIVATE'
    )
    // The benchmark's site, which nobody else can reach, sends to its own receiver.
    assert.isNull(
      unsafeSetting(production({ WEBHOOKS_ALLOW_PRIVATE: true, APP_URL: 'https://localhost' }))
    )
  })
})
