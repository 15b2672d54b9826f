import { test } from '@japa/runner'
import {
  blockingRule,
  disposableDomain,
  domainListed,
  domainSuffixes,
  isDomainName,
  normalizeDomain,
  type RulesSnapshot,
} from '#shared/fraud/signing_rules'
import { changedElsewhere, rulesMessage } from '#runtime/caches/rules_across_processes'

const rules: RulesSnapshot = {
  disposable: new Set(['mailinator.com', 'throwaway.test']),
  exempt: new Set(['school.throwaway.test']),
  domains: new Set(['spam.test']),
  networks: new Map([['abcdefghijklmnopqrstuv', 2_000]]),
}
const signer = { emailDomain: null, networkHash: null, pausedAt: null, pausedUntil: null }

test.group('Signing rules: the matcher', () => {
  test('a domain is written as the rules keep it', ({ assert }) => {
    assert.equal(normalizeDomain(' @Mail.Example.ORG. '), 'mail.example.org')
    assert.equal(normalizeDomain('*.spam.test'), 'spam.test')
    assert.isTrue(isDomainName('mail.example.org'))
    for (const wrong of ['localhost', 'org', 'a..b', '-a.org', 'exa mple.org', '1.2.3.4']) {
      assert.isFalse(isDomainName(wrong), wrong)
    }
  })

  test('a sub-domain of a listed domain is listed, a look-alike is not', ({ assert }) => {
    assert.deepEqual(domainSuffixes('a.b.spam.test'), ['a.b.spam.test', 'b.spam.test', 'spam.test'])
    assert.isTrue(domainListed(rules.domains, 'spam.test'))
    assert.isTrue(domainListed(rules.domains, 'eu.mx.spam.test'))
    assert.isFalse(domainListed(rules.domains, 'nospam.test'))
    assert.isFalse(domainListed(rules.domains, 'test'))
  })

  test('the pause, then the network, then the domains decide, each only while it applies', ({
    assert,
  }) => {
    const now = 1_000
    assert.isNull(blockingRule(rules, signer, now))
    assert.equal(
      blockingRule(rules, { ...signer, emailDomain: 'x.mailinator.com' }, now),
      'disposable_domain'
    )
    assert.equal(
      blockingRule(rules, { ...signer, emailDomain: 'spam.test' }, now),
      'blocked_domain'
    )
    const fromNetwork = {
      ...signer,
      emailDomain: 'spam.test',
      networkHash: 'abcdefghijklmnopqrstuv',
    }
    assert.equal(blockingRule(rules, fromNetwork, now), 'blocked_network')
    assert.equal(blockingRule(rules, fromNetwork, 2_000), 'blocked_domain', 'the block expired')
    assert.equal(
      blockingRule(rules, { ...fromNetwork, pausedAt: 500, pausedUntil: null }, now),
      'signing_pause'
    )
    assert.equal(
      blockingRule(rules, { ...signer, pausedAt: 500, pausedUntil: 900 }, now),
      null,
      'a pause past its end'
    )
  })
})

test.group('Signing rules: the kept list and its exemptions', () => {
  test('an exempted domain and its sub-domains are not disposable, its parent and siblings are', ({
    assert,
  }) => {
    assert.isTrue(disposableDomain(rules, 'throwaway.test'))
    assert.isTrue(disposableDomain(rules, 'eu.throwaway.test'))
    assert.isFalse(disposableDomain(rules, 'school.throwaway.test'))
    assert.isFalse(disposableDomain(rules, 'staff.school.throwaway.test'))
    assert.isFalse(disposableDomain(rules, 'example.org'))
    assert.isNull(blockingRule(rules, { ...signer, emailDomain: 'school.throwaway.test' }, 1_000))
    // A block of the moderators' own stops an exempted domain all the same.
    const blocked = { ...rules, domains: new Set(['school.throwaway.test']) }
    assert.equal(
      blockingRule(blocked, { ...signer, emailDomain: 'school.throwaway.test' }, 1_000),
      'blocked_domain'
    )
  })
})

test.group('Signing rules: told to the other processes', () => {
  test('a process drops its snapshot for another process\u2019s change, not for its own', ({
    assert,
  }) => {
    assert.isFalse(changedElsewhere(rulesMessage()))
    assert.isTrue(changedElsewhere(JSON.stringify({ origin: 'another-process' })))
    assert.isTrue(changedElsewhere('not json'))
  })
})
