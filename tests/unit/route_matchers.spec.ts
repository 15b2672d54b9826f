import { test } from '@japa/runner'
import fc from 'fast-check'
import { matchers, slugWithExtension } from '#start/route_matchers'

const INTEGER_COLUMN_MAX = 2147483647

test.group('Route matchers', () => {
  test('an id matches exactly the integers 1 to 2147483647, without leading zeros', ({
    assert,
  }) => {
    for (const id of ['1', '9', '10', '999999999', '1000000000', '2147483647', '2147483639']) {
      assert.match(id, matchers.id.match, id)
    }
    for (const id of ['0', '01', '2147483648', '2147483650', '2200000000', '9999999999', '-1']) {
      assert.notMatch(id, matchers.id.match, id)
    }
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (value) => {
        const expected = value >= 1n && value <= BigInt(INTEGER_COLUMN_MAX)
        return matchers.id.match.test(value.toString()) === expected
      }),
      { numRuns: 5000 }
    )
  })

  test('a guid is a UUID of hexadecimal digits only, in any case', ({ assert }) => {
    fc.assert(fc.property(fc.uuid(), (uuid) => matchers.guid.match.test(uuid.toUpperCase())))
    assert.equal(
      matchers.guid.cast('A0B1C2D3-E4F5-4A6B-8C9D-0E1F2A3B4C5D'),
      'a0b1c2d3-e4f5-4a6b-8c9d-0e1f2a3b4c5d'
    )
    assert.notMatch('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', matchers.guid.match)
    assert.notMatch('a0b1c2d3-e4f5-4a6b-8c9d-0e1f2a3b4c5d\u0000', matchers.guid.match)
  })

  test('a slug is what the slug service makes and nothing else', ({ assert }) => {
    for (const slug of ['park', 'save-the-park-2', 'zberezhemo-park'])
      assert.match(slug, matchers.slug.match)
    for (const slug of [
      '',
      '-park',
      'park-',
      'pa--rk',
      'Park',
      'park now',
      'парк',
      'a'.repeat(161),
    ]) {
      assert.notMatch(slug, matchers.slug.match, slug)
    }
  })

  test('a slug with an extension is exactly a slug followed by that extension', ({ assert }) => {
    const json = slugWithExtension('json').match
    for (const path of ['a-park-for-oak-hill.json', 'a.json', `${'x'.repeat(160)}.json`]) {
      assert.match(path, json, path)
    }
    for (const path of [
      'a-park',
      'a-park.csv',
      'a--park.json',
      '.json',
      'A-park.json',
      `${'x'.repeat(161)}.json`,
      'a.json.json',
    ]) {
      assert.notMatch(path, json, path)
    }
  })
})
