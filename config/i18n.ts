import app from '@adonisjs/core/services/app'
import { defineConfig, loaders } from '@adonisjs/i18n'
import { compiledMessagesFormatter } from '#app/i18n/compiled_messages_formatter'
import { DEFAULT_LOCALE, LOCALES } from '#app/i18n/locales'

const i18nConfig = defineConfig({
  defaultLocale: DEFAULT_LOCALE,
  supportedLocales: [...LOCALES],
  fallbackLocales: {},
  formatter: compiledMessagesFormatter(),
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
