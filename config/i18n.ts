import app from '@adonisjs/core/services/app'
import { defineConfig, formatters, loaders } from '@adonisjs/i18n'
import { DEFAULT_LOCALE, LOCALES } from '#app/i18n/locales'

const i18nConfig = defineConfig({
  defaultLocale: DEFAULT_LOCALE,
  supportedLocales: [...LOCALES],
  fallbackLocales: {},
  formatter: formatters.icu(),
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
