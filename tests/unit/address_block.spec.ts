import { test } from '@japa/runner'
import { addressBlock, signerNetwork } from '#support/address_block'

test.group('Address blocks (limits on what one client holds open)', () => {
  test('an IPv4 address is its own block', ({ assert }) => {
    assert.equal(addressBlock('203.0.113.7'), '203.0.113.7')
    assert.equal(addressBlock('::ffff:203.0.113.7'), '203.0.113.7')
    assert.equal(addressBlock('::FFFF:cb00:7107'), '203.0.113.7')
  })

  test('an IPv6 address counts with its whole /64, however it is written', ({ assert }) => {
    const block = '2001:db8:85a3:8d3::/64'
    for (const address of [
      '2001:db8:85a3:8d3::1',
      '2001:0db8:85a3:08d3:1319:8a2e:0370:7344',
      '2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:8d3::192.0.2.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:85a3:8d3::9'),
    ]) {
      assert.equal(addressBlock(address), block, address)
    }
    assert.equal(addressBlock('2001:db8:85a3:8d4::1'), '2001:db8:85a3:8d4::/64')
    assert.equal(addressBlock('2001:db8::1'), '2001:db8:0:0::/64')
    assert.equal(addressBlock('::1'), '0:0:0:0::/64')
  })

  test('what is not an address stays as it is', ({ assert }) => {
    assert.equal(addressBlock('unknown'), 'unknown')
  })

  test('no address at all (a closed socket) is one shared block, and no network', ({ assert }) => {
    assert.equal(addressBlock(undefined), 'unknown')
    assert.equal(addressBlock(''), 'unknown')
    assert.isNull(signerNetwork(undefined))
  })
})
