import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IntlMessageFormat } from 'intl-messageformat'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#app/i18n/locales'

const langRoot = app.languageFilesPath()

function flatten(prefix: string, value: unknown, into: Record<string, string>) {
  if (value && typeof value === 'object') {
    for (const [key, nested] of Object.entries(value))
      flatten(prefix ? `${prefix}.${key}` : key, nested, into)
  } else {
    into[prefix] = String(value)
  }
  return into
}

function catalogue(locale: string) {
  const messages: Record<string, string> = {}
  for (const file of readdirSync(join(langRoot, locale)).filter((name) => name.endsWith('.json'))) {
    flatten(
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(join(langRoot, locale, file), 'utf8')),
      messages
    )
  }
  return messages
}

/** Names of the arguments a message uses ({name}, {count, plural, …}). */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>()
  const walk = (elements: any[]) => {
    for (const element of elements) {
      if (element.value && typeof element.value === 'string' && element.type !== 0)
        names.add(element.value)
      for (const option of Object.values<any>(element.options ?? {})) walk(option.value)
    }
  }
  walk(new IntlMessageFormat(message, locale).getAst() as any[])
  return [...names].sort()
}

test.group('Translations', () => {
  const english = catalogue('en')

  test('there is a folder for each of the eight locales', ({ assert }) => {
    assert.sameMembers(
      readdirSync(langRoot).filter((entry) => !entry.includes('.')),
      [...LOCALES]
    )
  })

  for (const locale of LOCALES.filter((entry) => entry !== 'en')) {
    test(`{$self} has every key of en and no other`)
      .with([locale])
      .run(({ assert }, current) => {
        const messages = catalogue(current)
        const missing = Object.keys(english).filter((key) => !(key in messages))
        const extra = Object.keys(messages).filter((key) => !(key in english))
        assert.deepEqual(missing, [], `${current} lacks keys`)
        assert.deepEqual(extra, [], `${current} has keys en does not`)
      })

    test(`${locale}: every message parses and uses the same arguments as en`, ({ assert }) => {
      const messages = catalogue(locale)
      for (const [key, message] of Object.entries(messages)) {
        assert.deepEqual(
          argumentsOf(message, locale),
          argumentsOf(english[key], 'en'),
          `${locale} ${key}`
        )
      }
    })

    test(`${locale}: no sentence is left in English`, ({ assert }) => {
      const messages = catalogue(locale)
      // Single words may be the same in both languages (Error, Information, FAQ);
      // a sentence left as the English text means a missing translation.
      const untranslated = Object.keys(english).filter(
        (key) =>
          english[key].trim().split(/\s+/).length >= 3 &&
          messages[key] === english[key] &&
          !key.endsWith('copyright')
      )
      assert.deepEqual(untranslated, [])
    })
  }
})
