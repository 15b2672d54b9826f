import { stemmer as english } from '@orama/stemmers/english'
import { stemmer as spanish } from '@orama/stemmers/spanish'
import { stemmer as french } from '@orama/stemmers/french'
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as italian } from '@orama/stemmers/italian'
import { stemmer as portuguese } from '@orama/stemmers/portuguese'
import { stemmer as russian } from '@orama/stemmers/russian'
import { LOCALES, type Locale } from '#app/i18n/locales'
import { countryName } from '#shared/countries'

/**
 * What the search index holds beside a petition's own words, so that a
 * search finds it by the forms people type and the places they name:
 *
 * - the stems of its words in its language (Snowball, the algorithms
 *   PostgreSQL's dictionaries use), so that "écoles" finds "école";
 * - its region as typed, and its country's name in every language of the
 *   site, so that "Wien", "Мексика" or "Mexique" find it.
 *
 * Computed here rather than by a database's dictionaries so that both
 * databases find the same petitions for the same words.
 */

/** Snowball stemmers of the site's languages; Ukrainian has none (see `ukrainianPrefix`). */
const STEMMERS: Partial<Record<Locale, (word: string) => string>> = {
  en: english,
  es: spanish,
  fr: french,
  de: german,
  it: italian,
  pt: portuguese,
  ru: russian,
}

/** A stem shorter than this says too little to search by. */
const SHORTEST_STEM = 3

/** The words of a text as the index splits them: letters, marks and digits, lower case. */
export function indexWords(text: string) {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  )
}

/** A word's stem in `lang`, or null where the language has no stemmer or the stem is the word. */
export function stemOf(word: string, lang: string) {
  const stem = STEMMERS[lang as Locale]
  if (!stem) return null
  const lower = word.toLowerCase()
  const stemmed = stem(lower)
  return stemmed !== lower && stemmed.length >= SHORTEST_STEM ? stemmed : null
}

const UKRAINIAN_ENDINGS = [
  'ами',
  'ями',
  'ові',
  'еві',
  'ах',
  'ях',
  'ам',
  'ям',
  'ом',
  'ем',
  'ою',
  'ею',
  'ий',
  'ій',
  'ої',
  'ей',
  'ів',
  'их',
  'им',
  'а',
  'я',
  'о',
  'е',
  'у',
  'ю',
  'и',
  'і',
  'ї',
  'ь',
  'й',
]
const UKRAINIAN_CONSONANTS = /[бвгґджзклмнпрстфхцчшщ]{2}$/u

/**
 * Ukrainian, which no stemmer here knows: the start every form of the
 * word shares, searched as a prefix. Its ending goes; a stem that ends in
 * two consonants loses the last, as the fleeting vowel between them comes
 * back in other forms (лавка, лавки, лавок). Null for a word without an
 * ending (парк, лавок): it is searched as typed.
 */
export function ukrainianPrefix(word: string) {
  const lower = word.toLowerCase()
  const ending = UKRAINIAN_ENDINGS.find(
    (candidate) => lower.endsWith(candidate) && lower.length - candidate.length >= SHORTEST_STEM
  )
  if (!ending) return null
  const stem = lower.slice(0, -ending.length)
  return UKRAINIAN_CONSONANTS.test(stem) && stem.length > SHORTEST_STEM ? stem.slice(0, -1) : stem
}

/** How a searched word may match beyond itself: a stem to find among the stems, a prefix of words. */
export function wordForms(word: string, lang: string) {
  return {
    stem: stemOf(word, lang),
    prefix: lang === 'uk' ? ukrainianPrefix(word) : null,
  }
}

type Placed = {
  title: string
  target: string
  descriptionText: string
  region: string | null
  country: string | null
  lang: string
}

/** The petition's extra searchable terms: its places, then the stems of its words. */
export function searchTerms(petition: Placed) {
  const places = [
    petition.region ?? '',
    ...(petition.country ? LOCALES.map((locale) => countryName(petition.country!, locale)) : []),
  ]
  const words = indexWords(
    [petition.title, petition.target, petition.descriptionText, petition.region ?? ''].join(' ')
  )
  const stems = new Set<string>()
  for (const word of words) {
    const stem = stemOf(word, petition.lang)
    if (stem) stems.add(stem)
  }
  return [...new Set(places.filter(Boolean)), ...stems].join(' ')
}
