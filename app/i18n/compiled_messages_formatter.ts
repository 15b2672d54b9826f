import { configProvider } from '@adonisjs/core'
import { IntlMessageFormat } from 'intl-messageformat'
import type { TranslationsFormatterContract } from '@adonisjs/i18n/types'

/** Compiled messages kept per process: every text of the translation files, and room to spare. */
const MAX_COMPILED = 20_000

/**
 * The ICU formatter of the translations, compiling each message once per
 * locale. i18n's own formatter parses the message again on every `t()`,
 * which made the signer's flash message and every line of every mail parse
 * their ICU text per request: a mail of 20 lines, 20 parses. The messages
 * come from the translation files, so the cache stays as large as they are;
 * should anything else be formatted, it is emptied when full.
 */
class CompiledMessagesFormatter implements TranslationsFormatterContract {
  readonly name = 'icu'
  #compiled = new Map<string, IntlMessageFormat>()

  format(message: string, locale: string, data?: Record<string, any>): string {
    const key = `${locale}\u0000${message}`
    let compiled = this.#compiled.get(key)
    if (!compiled) {
      if (this.#compiled.size >= MAX_COMPILED) this.#compiled.clear()
      compiled = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true })
      this.#compiled.set(key, compiled)
    }
    return compiled.format(data ?? {}) as string
  }
}

/** For config/i18n.ts: one formatter for the process, shared by every request's i18n. */
export function compiledMessagesFormatter() {
  const formatter = new CompiledMessagesFormatter()
  return configProvider.create(async () => () => formatter)
}
