import { test } from '@japa/runner'
import { signerNetwork } from '#support/address_block'
import { emailDomain, networkHash } from '#support/signer_traces'

const KEY = 'a-deployment-key-of-32-characters'
const OTHER_KEY = 'another-deployment-key-32-chars!'

test.group("Signer traces: the network's keyed hash and the e-mail's domain", () => {
  test('the network is the /24 of an IPv4 address and the /48 of an IPv6 one', ({ assert }) => {
    assert.equal(signerNetwork('203.0.113.7'), '203.0.113.0/24')
    assert.equal(signerNetwork('::ffff:203.0.113.7'), '203.0.113.0/24')
    assert.equal(signerNetwork('2001:db8:abcd:12::1'), '2001:db8:abcd::/48')
    assert.equal(signerNetwork('2001:db8::1%eth0'), '2001:db8:0::/48')
    assert.isNull(signerNetwork('not an address'))
  })

  test('one network hashes alike; another network, or another deployment, does not', ({
    assert,
  }) => {
    const hash = networkHash('203.0.113.7', KEY)!
    assert.equal(networkHash('203.0.113.250', KEY), hash)
    assert.notEqual(networkHash('203.0.114.7', KEY), hash)
    assert.notEqual(networkHash('203.0.113.7', OTHER_KEY), hash)
    assert.equal(networkHash('2001:db8:abcd:1::1', KEY), networkHash('2001:db8:abcd:ffff::2', KEY))
    assert.notEqual(networkHash('2001:db8:abcd::1', KEY), networkHash('2001:db8:abce::1', KEY))
    assert.isNull(networkHash('garbage', KEY))
  })

  test('the hash holds neither the address nor its network', ({ assert }) => {
    for (const ip of ['203.0.113.7', '10.0.0.1', '2001:db8:abcd::1']) {
      const hash = networkHash(ip, KEY)!
      assert.lengthOf(hash, 22)
      assert.match(hash, /^[\w-]+$/)
      assert.notInclude(hash, ip)
      for (const part of ip.split(/[.:]/).filter((piece) => piece.length > 1)) {
        assert.notInclude(hash, `${part}.`)
      }
    }
  })

  test("an e-mail's domain, lower-cased", ({ assert }) => {
    assert.equal(emailDomain('Maria@Example.PT'), 'example.pt')
    assert.equal(emailDomain('a"@"b@mail.example'), 'mail.example')
    assert.isNull(emailDomain('no-at-sign'))
    assert.isNull(emailDomain('trailing@'))
  })
})
