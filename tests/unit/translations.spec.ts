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

/** The files under `folder` (its subfolders too) whose names end with `extension`. */
function sourceFiles(folder: string, extension: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path, extension)
    return entry.name.endsWith(extension) ? [path] : []
  })
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

test.group('Translations: house style', () => {
  const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogue(locale)]))

  for (const locale of LOCALES) {
    test(`${locale}: a date that ends a sentence is not followed by a second full stop`, ({
      assert,
    }) => {
      // Ukrainian and Russian long dates end in an abbreviation (5 грудня 2026 р.).
      const day = new Date(Date.UTC(2026, 11, 5, 14, 30))
      const dated = Object.entries(catalogues[locale]).filter(([, message]) =>
        /\{(date|when)\}/.test(message)
      )
      assert.isAbove(dated.length, 3)
      for (const style of ['long', 'medium'] as const) {
        const date = new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(
          day
        )
        for (const [key, message] of dated) {
          const values = Object.fromEntries(
            argumentsOf(message, locale).map((name) => [
              name,
              name === 'date' || name === 'when' ? date : 2,
            ])
          )
          const text = String(new IntlMessageFormat(message, locale).format(values))
          assert.notMatch(text, /[^.]\.\.(?!\.)/, `${locale} ${key}: ${text}`)
        }
      }
    })

    test(`${locale}: a text that spells how to type a day spells it as the day field does`, ({
      assert,
    }) => {
      const placeholder = catalogues[locale]['common.date_placeholder']
      for (const [key, message] of Object.entries(catalogues[locale])) {
        for (const spelled of message.match(
          /(?<![\p{L}\d])\p{L}{2,4}[-./]\p{L}{2}[-./]\p{L}{2,4}(?![\p{L}\d])/gu
        ) ?? []) {
          assert.equal(spelled, placeholder, `${locale} ${key}`)
        }
      }
    })

    test(`${locale}: empty states start with a capital and end without an ellipsis`, ({
      assert,
    }) => {
      const empty = Object.entries(catalogues[locale]).filter(([key]) =>
        /\.(empty|none|no_[a-z_]+|nothing[a-z_]*)$/.test(key)
      )
      assert.isAbove(empty.length, 5)
      for (const [key, message] of empty) {
        assert.match(message, /^[¿¡]?\p{Lu}/u, `${locale} ${key}`)
        assert.notMatch(message, /(\.\.\.|…)$/, `${locale} ${key}`)
      }
    })
  }

  test('German addresses the reader as "Sie", never "du"', ({ assert }) => {
    const informal = /\b(du|Du|dich|Dich|dir|Dir|dein\p{L}*|Dein\p{L}*|euch|euer|eure\p{L}*)\b/u
    for (const [key, message] of Object.entries(catalogues.de)) {
      assert.notMatch(message, informal, `de ${key}`)
    }
  })

  test('French quotes and high punctuation never break from their words', ({ assert }) => {
    for (const [key, message] of Object.entries(catalogues.fr)) {
      // « mot » and « : ; ! ? » take a no-break space, not a space a line may break at.
      assert.notMatch(message, /«[^\u00a0\u202f]|[^\u00a0\u202f]»/, `fr ${key}`)
      assert.notMatch(message, /\s(?<![\u00a0\u202f])[:;!?]/, `fr ${key}`)
      // Nor glued to the word before it ("France: 3").
      assert.notMatch(message, /[^\s\u00a0\u202f][:;!?](?=\s|$)/, `fr ${key}`)
      assert.notMatch(message, /[ \u00a0\u202f]{2}/, `fr ${key}: one space, not two`)
    }
  })

  test('the mails that may reach someone who never asked open with the same words', ({
    assert,
  }) => {
    // "Someone (hopefully you)": the sign-up's and the newsletter's first words, alike.
    const opening = (text: string) => text.replaceAll('’', "'").split(/\s+/).slice(0, 3).join(' ')
    for (const locale of LOCALES) {
      const messages = catalogues[locale]
      assert.equal(
        opening(messages['mail.verify.body']),
        opening(messages['mail.newsletter.body']),
        locale
      )
    }
  })

  test('the interface puts no punctuation of its own between two texts: the language file does', ({
    assert,
  }) => {
    // A colon typed in the code after a value ("5 December 2026: Ines") is English in every
    // language; `common.colon` is French's "\u00a0:" too.
    const hardCoded = /\)\}: <|^\s*: </m
    for (const file of sourceFiles(app.makePath('inertia'), '.tsx')) {
      assert.notMatch(readFileSync(file, 'utf8'), hardCoded, file)
    }
  })

  test('logging in has one name in each language, the one its page and button use', ({
    assert,
  }) => {
    for (const locale of LOCALES) {
      const messages = catalogues[locale]
      assert.equal(messages['common.nav.sign_in'], messages['page.auth.login_button'], locale)
    }
    for (const [key, message] of Object.entries(catalogues.en)) {
      assert.notMatch(message, /\bsign(s|ed|ing)?[ -]in\b|\blogin\b|\blogout\b/i, `en ${key}`)
    }
  })
})
