import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { claimAt, parseIdentityProviders } from '#support/identity_providers'
import { unsafeSetting } from '#start/safe_settings'

const provider = (extra: Record<string, unknown> = {}) => ({
  key: 'gov-id',
  name: 'National eID',
  issuer: 'https://id.example.org/realms/citizens',
  clientId: 'undersign',
  clientSecret: 'secret',
  scopes: ['address'],
  claims: { country: 'address.country', region: 'address.region' },
  ...extra,
})

const errorOf = (value: unknown, production = true) =>
  parseIdentityProviders(typeof value === 'string' ? value : JSON.stringify(value), { production })
    .error

test.group('IDENTITY_PROVIDERS', () => {
  test('unset or empty: no provider', ({ assert }) => {
    assert.deepEqual(parseIdentityProviders(undefined, { production: true }), {
      providers: [],
      error: null,
    })
    assert.deepEqual(parseIdentityProviders('  ', { production: true }).providers, [])
    assert.deepEqual(parseIdentityProviders('[]', { production: true }).providers, [])
  })

  test('a valid list is typed, with openid always first among the scopes', ({ assert }) => {
    const parsed = parseIdentityProviders(
      JSON.stringify([provider(), provider({ key: 'bank-id', scopes: undefined, claims: {} })]),
      { production: true }
    )
    assert.isNull(parsed.error)
    assert.deepEqual(parsed.providers![0], { ...provider(), scopes: ['openid', 'address'] })
    assert.deepEqual(parsed.providers![1].scopes, ['openid'])
    assert.deepEqual(parsed.providers![1].claims, {})
  })

  test('each mistake is one line naming the entry and the field', ({ assert }) => {
    assert.match(errorOf('[{')!, /^IDENTITY_PROVIDERS is not valid JSON/)
    assert.equal(errorOf({ key: 'x' }), 'IDENTITY_PROVIDERS must be a JSON array of providers')
    assert.equal(errorOf([provider(), 'x']), 'IDENTITY_PROVIDERS[1] must be an object')
    assert.equal(
      errorOf([provider(), provider({ key: 'other', issuer: 'http://id.example.org' })]),
      'IDENTITY_PROVIDERS[1].issuer must be an https URL'
    )
    assert.equal(
      errorOf([provider({ issuer: 'not a url' })]),
      'IDENTITY_PROVIDERS[0].issuer must be an https URL'
    )
    assert.equal(
      errorOf([provider(), provider()]),
      'IDENTITY_PROVIDERS[1].key "gov-id" is used twice'
    )
    for (const key of ['Gov', '', 'a'.repeat(31), 'gov_id', 'gov id', 7]) {
      assert.equal(
        errorOf([provider({ key })]),
        'IDENTITY_PROVIDERS[0].key must be 1 to 30 of a-z, 0-9 and -',
        String(key)
      )
    }
    assert.equal(
      errorOf([provider({ claims: { birthdate: 'birthdate' } })]),
      'IDENTITY_PROVIDERS[0].claims has an unknown claim "birthdate" (allowed: country, region, ageOver)'
    )
    assert.match(
      errorOf([provider({ claims: { country: 'address..country' } })])!,
      /claims\.country/
    )
    assert.match(errorOf([provider({ claims: ['country'] })])!, /^IDENTITY_PROVIDERS\[0\]\.claims/)
    assert.match(errorOf([provider({ clientSecret: '' })])!, /\[0\]\.clientSecret/)
    assert.match(errorOf([provider({ clientId: 3 })])!, /\[0\]\.clientId/)
    assert.match(errorOf([provider({ name: '' })])!, /\[0\]\.name/)
    assert.match(errorOf([provider({ scopes: 'openid address' })])!, /\[0\]\.scopes/)
    assert.match(errorOf([provider({ secret: 'x' })])!, /\[0\] has an unknown field "secret"/)
  })

  test('plain http issuers only outside production (a local test provider)', ({ assert }) => {
    const local = [provider({ issuer: 'http://127.0.0.1:4000' })]
    assert.isNull(errorOf(local, false))
    assert.equal(errorOf(local, true), 'IDENTITY_PROVIDERS[0].issuer must be an https URL')
    assert.equal(
      errorOf([provider({ issuer: 'ftp://id.example.org' })], false),
      'IDENTITY_PROVIDERS[0].issuer must be an https URL'
    )
  })

  test('a claim is read at its dotted path, plain values only', ({ assert }) => {
    const claims = {
      address: { country: 'DE', region: 'BY' },
      age_over_18: true,
      nested: { a: {} },
    }
    assert.equal(claimAt(claims, 'address.country'), 'DE')
    assert.equal(claimAt(claims, 'age_over_18'), true)
    assert.isNull(claimAt(claims, 'address.locality'))
    assert.isNull(claimAt(claims, 'nested.a'))
    assert.isNull(claimAt(claims, 'address.country.code'))
    assert.isNull(claimAt(claims, 'constructor'))
  })

  test('a bad value stops the start with that line', ({ assert }) => {
    const refused = spawnSync(process.execPath, ['ace.js', 'demo:seed'], {
      cwd: app.makePath(),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        IDENTITY_PROVIDERS: JSON.stringify([provider({ claims: { name: 'name' } })]),
      },
      encoding: 'utf8',
      timeout: 60_000,
    })
    assert.equal(refused.status, 78)
    assert.include(
      refused.stderr,
      'Refusing to start: IDENTITY_PROVIDERS[0].claims has an unknown claim "name"'
    )
  }).timeout(90_000)

  test('VERIFIED_SIGNATURES_REQUIRED is allowed, forbidden or unset; anything else stops the start', ({
    assert,
  }) => {
    const settings = (value: string | undefined) => ({
      get: (key: string) =>
        ({
          APP_KEY: { release: () => 'a-secret-of-more-than-32-characters-long' },
          NODE_ENV: 'development',
          VERIFIED_SIGNATURES_REQUIRED: value,
        })[key],
    })
    for (const value of [undefined, '', 'allowed', 'forbidden']) {
      assert.isNull(unsafeSetting(settings(value)), String(value))
    }
    assert.equal(
      unsafeSetting(settings('required')),
      'VERIFIED_SIGNATURES_REQUIRED must be allowed (owners may take only verified signatures) or forbidden (it is "required")'
    )
  })
})
