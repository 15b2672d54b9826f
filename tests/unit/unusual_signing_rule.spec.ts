import { test } from '@japa/runner'
import { breaksRule, unusualGroup, type SigningGroup } from '#shared/fraud/unusual_signing'
import { isBigMailProvider } from '#shared/fraud/big_mail_providers'

const RULE = { perHour: 50, share: 0.1, shareMinimum: 20 }
const network = (signatures: number): SigningGroup => ({
  kind: 'network',
  subject: 'a-network-hash',
  signatures,
})
const domain = (subject: string, signatures: number): SigningGroup => ({
  kind: 'domain',
  subject,
  signatures,
})

test.group('Unusual signing: the rule', () => {
  test('a count of 50 an hour breaks it, however large the petition', ({ assert }) => {
    assert.isFalse(breaksRule(network(49), 10_000, RULE))
    assert.isTrue(breaksRule(network(50), 10_000, RULE))
    assert.isTrue(breaksRule(domain('catch-all.example', 50), 10_000, RULE))
  })

  test('a share of 10 % breaks it from 20 signatures on: 2 out of 5 never do', ({ assert }) => {
    assert.isFalse(breaksRule(network(2), 5, RULE))
    assert.isFalse(breaksRule(network(19), 19, RULE))
    assert.isTrue(breaksRule(network(20), 200, RULE))
    assert.isFalse(breaksRule(network(20), 201, RULE))
    assert.isFalse(breaksRule(network(0), 0, RULE))
  })

  test('a big mail provider never breaks it as a domain, in any letter case', ({ assert }) => {
    for (const provider of ['gmail.com', 'Outlook.com', 'gmx.de', 'ukr.net', 'mail.ru']) {
      assert.isTrue(isBigMailProvider(provider), provider)
      assert.isFalse(breaksRule(domain(provider, 5000), 6000, RULE), provider)
    }
    assert.isFalse(isBigMailProvider('gmail.com.example'))
  })

  test('the largest group breaking it is the one named, a network on a tie', ({ assert }) => {
    assert.isNull(unusualGroup([network(10), domain('gmail.com', 900)], 1000, RULE))
    assert.deepEqual(
      unusualGroup([network(60), domain('a.example', 70), domain('gmail.com', 500)], 1000, RULE),
      domain('a.example', 70)
    )
    assert.deepEqual(unusualGroup([network(60), domain('a.example', 60)], 1000, RULE), network(60))
  })
})
