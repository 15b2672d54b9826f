import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IntlMessageFormat } from 'intl-messageformat'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#app/i18n/locales'
import { formatMessage } from '../../inertia/i18n/message_format.ts'

const langRoot = app.languageFilesPath()

function flatten(prefix: string, value: unknown, into: Record<string, string>) {
  if (value && typeof value === 'object') {
    for (const [key, nested] of Object.entries(value))
      flatten(prefix ? `${prefix}.${key}` : key, nested, into)
  } else if (typeof value === 'string') {
    into[prefix] = value
  }
  return into
}

function catalogue(locale: string) {
  const messages: Record<string, string> = {}
  for (const file of readdirSync(join(langRoot, locale)).filter((name) => name.endsWith('.json'))) {
    const content = JSON.parse(readFileSync(join(langRoot, locale, file), 'utf8'))
    flatten(file.replace(/\.json$/, ''), content, messages)
  }
  return messages
}

const NUMBERS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1000, 1234567.5]

/** The arguments a message uses: numeric (plural, number) or with the options of its select. */
function argumentsOf(message: string, locale: string) {
  const numeric = new Set<string>()
  const selects = new Map<string, string[]>()
  const plain = new Set<string>()
  const walk = (elements: any[]) => {
    for (const element of elements) {
      if (element.type === 1) plain.add(element.value)
      if (element.type === 2 || element.type === 6) numeric.add(element.value)
      if (element.type === 5) selects.set(element.value, Object.keys(element.options))
      for (const option of Object.values<any>(element.options ?? {})) walk(option.value)
    }
  }
  walk(new IntlMessageFormat(message, locale).getAst() as any[])
  return { numeric, selects, plain }
}

/** Values to try: every sample number, every select option and one unknown, names and numbers. */
function valueSets(message: string, locale: string) {
  const { numeric, selects, plain } = argumentsOf(message, locale)
  const longest = Math.max(NUMBERS.length, ...[...selects.values()].map((keys) => keys.length + 1))
  const sets: Record<string, unknown>[] = []
  for (let index = 0; index < longest; index++) {
    const values: Record<string, unknown> = {}
    for (const name of plain) values[name] = index % 2 ? `Ana ${index}` : index * 7
    for (const name of numeric) values[name] = NUMBERS[index % NUMBERS.length]
    for (const [name, keys] of selects)
      values[name] = [...keys, 'unknown'][index % (keys.length + 1)]
    sets.push(values)
  }
  return sets
}

test.group('Messages formatted in the browser', () => {
  for (const locale of LOCALES) {
    test(`${locale}: every message reads as intl-messageformat writes it`, ({ assert }) => {
      let compared = 0
      for (const [key, message] of Object.entries(catalogue(locale))) {
        const reference = new IntlMessageFormat(message, locale)
        for (const values of valueSets(message, locale)) {
          const expected = String(reference.format(values as Record<string, string>))
          assert.equal(formatMessage(message, locale, values), expected, `${locale} ${key}`)
          compared++
        }
      }
      assert.isAbove(compared, 1000)
    })
  }

  test('apostrophes quote only before braces (and # in a plural)', ({ assert }) => {
    const cases: [string, Record<string, unknown>][] = [
      ["l'adresse de {name}", { name: 'Ana' }],
      ["'{name}' is written as is, '' is one apostrophe", { name: 'Ana' }],
      ["{count, plural, one {'#' and # item} other {# items, '{x}'}}", { count: 1 }],
      ["{count, plural, one {# item} other {# items, it''s}}", { count: 3 }],
      ['{kind, select, a {# is plain here} other {other}}', { kind: 'a' }],
      [
        '{count, plural, offset:1 =0 {none} one {you and # other} other {you and # others}}',
        { count: 3 },
      ],
      ['{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { place: 22 }],
      ['a } alone, {n, number}', { n: 1234.5 }],
      ["it's '{'braces'}' and 'quotes'", {}],
    ]
    for (const [message, values] of cases) {
      const expected = String(new IntlMessageFormat(message, 'en').format(values as any))
      assert.equal(formatMessage(message, 'en', values), expected, message)
    }
  })

  test('a missing value fails as intl-messageformat fails', ({ assert }) => {
    assert.throws(() => formatMessage('Hi {name}', 'en', {}))
    assert.throws(() => new IntlMessageFormat('Hi {name}', 'en').format({}))
  })
})
