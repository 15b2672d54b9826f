import { test } from '@japa/runner'
import fc from 'fast-check'
import { LOCALES } from '#app/i18n/locales'
import { searchWords } from '#shared/petitions/list_filters'
import { searchTerms, stemOf, ukrainianPrefix, wordForms } from '#support/search_terms'

test.group('Search terms: word forms and places', () => {
  test('Snowball stems a word of each language with a stemmer to the stem its other forms share', ({
    assert,
  }) => {
    for (const [lang, forms] of [
      ['en', ['libraries', 'library']],
      ['fr', ['écoles', 'école']],
      ['es', ['bibliotecas', 'biblioteca']],
      ['de', ['Schulen', 'Schule']],
      ['it', ['biblioteche', 'biblioteca']],
      ['pt', ['escolas', 'escola']],
      ['ru', ['скамейки', 'скамейка']],
    ] as const) {
      const stems = forms.map((word) => stemOf(word, lang) ?? word.toLowerCase())
      assert.equal(stems[0], stems[1], `${lang}: ${forms.join(', ')}`)
    }
    // Ukrainian has no stemmer; nor has a word whose stem is itself.
    assert.isNull(stemOf('лавки', 'uk'))
    assert.isNull(stemOf('park', 'en'))
  })

  test('Ukrainian words are searched by the start their forms share: no ending, no fleeting vowel', ({
    assert,
  }) => {
    assert.equal(ukrainianPrefix('лавки'), 'лав')
    assert.isTrue('лавок'.startsWith(ukrainianPrefix('лавки')!))
    assert.equal(ukrainianPrefix('петицій'), 'петиц')
    assert.isTrue('петиція'.startsWith(ukrainianPrefix('петиції')!))
    assert.equal(ukrainianPrefix('Києві'), 'києв')
    // Too short to lose anything, or nothing to take off.
    assert.isNull(ukrainianPrefix('парк'))
    assert.isNull(ukrainianPrefix('ліс'))
    assert.deepEqual(wordForms('лавки', 'uk'), { stem: null, prefix: 'лав' })
    assert.deepEqual(wordForms('écoles', 'fr'), { stem: 'écol', prefix: null })
  })

  test('a petition’s terms hold its region, its country in every language, and its stems', ({
    assert,
  }) => {
    const terms = searchTerms({
      title: 'Des cantines dans les écoles',
      target: 'La mairie',
      descriptionText: 'Manger mieux.',
      region: 'Lyon',
      country: 'FR',
      lang: 'fr',
    }).split(' ')
    for (const expected of ['Lyon', 'France', 'Francia', 'Frankreich', 'Франція', 'Франция']) {
      assert.include(terms, expected)
    }
    assert.includeMembers(terms, ['cantin', 'écol'])
    // Stems only where they differ from the word, each once.
    assert.notInclude(terms, 'des')
    assert.equal(terms.filter((term) => term === 'écol').length, 1)
    assert.equal(
      searchTerms({
        title: 'Parks',
        target: '',
        descriptionText: '',
        region: null,
        country: null,
        lang: 'uk',
      }),
      ''
    )
  })

  test('any text a visitor types gives word forms without throwing, each made of letters, marks and digits', ({
    assert,
  }) => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.constantFrom(...LOCALES),
        (q, lang) => {
          for (const word of searchWords(q)) {
            const { stem, prefix } = wordForms(word, lang)
            for (const form of [stem, prefix]) {
              if (form !== null) assert.match(form, /^[\p{L}\p{M}\p{N}]+$/u)
            }
          }
        }
      ),
      { numRuns: 2000 }
    )
  })
})
