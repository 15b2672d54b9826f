import { test } from '@japa/runner'
import {
  byCountDescending,
  countryShares,
  namedCountryCounts,
} from '#shared/petitions/country_counts'
import { countryName } from '#shared/countries'

/** The flagged codes of a petition's countries against the site's. */
function flagged(petition: Array<[string, number]>, site: Array<[string, number]>) {
  return countryShares(
    petition.map(([code, count]) => ({ code, count })),
    site.map(([code, count]) => ({ code, count }))
  )
    .filter((country) => country.outlier)
    .map((country) => country.code)
}

test.group('Countries of a petition: shares and outliers', () => {
  test('a country far above its share of the rest of the site is flagged', ({ assert }) => {
    // The rest of the site: FR 5 %, DE 45 %, GB 50 %; this petition: FR 60 %.
    const petition: Array<[string, number]> = [
      ['FR', 120],
      ['DE', 50],
      ['GB', 30],
    ]
    const site: Array<[string, number]> = [
      ['FR', 120 + 50],
      ['DE', 50 + 450],
      ['GB', 30 + 500],
    ]
    assert.deepEqual(flagged(petition, site), ['FR'])
    const [france] = countryShares(
      petition.map(([code, count]) => ({ code, count })),
      site.map(([code, count]) => ({ code, count }))
    )
    assert.equal(france.share, 0.6)
    assert.closeTo(france.siteShare!, 0.05, 1e-9)
  })

  test('each of the three conditions is needed', ({ assert }) => {
    const rest: Array<[string, number]> = [
      ['DE', 900],
      ['FR', 100],
    ]
    const withPetition = (petition: Array<[string, number]>) =>
      rest.map(([code, count]): [string, number] => [
        code,
        count + (petition.find(([own]) => own === code)?.[1] ?? 0),
      ])
    // FR 10 % of the rest: 60 % of 100 signatures is flagged.
    const large: Array<[string, number]> = [
      ['FR', 60],
      ['DE', 40],
    ]
    assert.deepEqual(flagged(large, withPetition(large)), ['FR'])
    // Fewer than 50 signatures from it: not flagged, however large its share.
    const small: Array<[string, number]> = [
      ['FR', 49],
      ['DE', 10],
    ]
    assert.deepEqual(flagged(small, withPetition(small)), [])
    // Under 20 % of the petition: not flagged, though 3 × its share elsewhere would be 30 %.
    const minor: Array<[string, number]> = [
      ['FR', 50],
      ['DE', 250],
    ]
    const minorSite = withPetition(minor).map(([code, count]): [string, number] =>
      code === 'FR' ? [code, count - 95] : [code, count]
    )
    // The rest: FR 5 of 905 (0.55 %); the petition: FR 50 of 300 (16.7 %).
    assert.deepEqual(flagged(minor, minorSite), [])
    // Under 3 × its share elsewhere: not flagged (FR 25 % here, 10 % elsewhere → 2.5 ×).
    const near: Array<[string, number]> = [
      ['FR', 50],
      ['DE', 150],
    ]
    assert.deepEqual(flagged(near, withPetition(near)), [])
  })

  test('unknown countries are compared with nothing and weigh on no share compared', ({
    assert,
  }) => {
    // Old signatures (ZZ) everywhere: FR is 60 % of this petition's known signatures.
    const petition: Array<[string, number]> = [
      ['ZZ', 1000],
      ['FR', 60],
      ['DE', 40],
    ]
    const site: Array<[string, number]> = [
      ['ZZ', 50_000],
      ['FR', 60 + 100],
      ['DE', 40 + 900],
    ]
    const shares = countryShares(
      petition.map(([code, count]) => ({ code, count })),
      site.map(([code, count]) => ({ code, count }))
    )
    assert.deepEqual(
      shares.map((country) => [country.code, country.outlier, country.siteShare]),
      [
        ['ZZ', false, null],
        ['FR', true, 0.1],
        ['DE', false, 0.9],
      ]
    )
    // Its shown share counts the unknown ones too.
    assert.closeTo(shares[1].share, 60 / 1100, 1e-9)
  })

  test('nothing is flagged without other known signatures on the site to compare with', ({
    assert,
  }) => {
    const petition: Array<[string, number]> = [['FR', 500]]
    assert.deepEqual(flagged(petition, [['FR', 500]]), [])
    assert.deepEqual(
      flagged(petition, [
        ['FR', 500],
        ['ZZ', 9000],
      ]),
      []
    )
    // A site count read before this petition grew never goes below zero.
    assert.deepEqual(
      flagged(petition, [
        ['FR', 400],
        ['DE', 1000],
      ]),
      ['FR']
    )
  })

  test('countries come largest first, then by code; zero counts are left out', ({ assert }) => {
    const shares = countryShares(
      [
        { code: 'IT', count: 5 },
        { code: 'AT', count: 5 },
        { code: 'NL', count: 0 },
        { code: 'BE', count: 9 },
      ],
      []
    )
    assert.deepEqual(
      shares.map((country) => country.code),
      ['BE', 'AT', 'IT']
    )
    assert.deepEqual(
      [
        { code: 'B', count: 1 },
        { code: 'A', count: 1 },
        { code: 'C', count: 2 },
      ]
        .sort(byCountDescending)
        .map((country) => country.code),
      ['C', 'A', 'B']
    )
  })

  test('names come from CLDR in the reader’s language, unknown included', ({ assert }) => {
    assert.equal(countryName('DE', 'en'), 'Germany')
    assert.equal(countryName('DE', 'fr'), 'Allemagne')
    assert.equal(countryName('ZZ', 'en'), 'Unknown Region')
    assert.equal(countryName('ZZ', 'es'), 'Región desconocida')
    assert.deepEqual(namedCountryCounts([{ code: 'UA', count: 2 }], 'uk'), [
      { code: 'UA', name: 'Україна', count: 2 },
    ])
  })
})
