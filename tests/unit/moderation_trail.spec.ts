import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { LOCALES } from '#app/i18n/locales'
import { MODERATION_ACTIONS } from '#models/moderation_event'
import { PETITION_ACTIONS } from '#shared/moderation'

function moderationTexts(locale: string) {
  const file = join(app.languageFilesPath(), locale, 'page.json')
  return JSON.parse(readFileSync(file, 'utf8')).moderation as {
    events: Record<string, string>
    actions: Record<string, string>
    done: Record<string, string>
  }
}

test.group('Moderation: the trail in every language', () => {
  test('every action the trail records is shown in words in {$self}')
    .with([...LOCALES])
    .run(({ assert }, locale) => {
      const texts = moderationTexts(locale)
      for (const action of MODERATION_ACTIONS) {
        assert.isString(texts.events[action], `${locale}: page.moderation.events.${action}`)
      }
      for (const action of PETITION_ACTIONS) {
        assert.isString(texts.actions[action], `${locale}: page.moderation.actions.${action}`)
        assert.isString(texts.done[action], `${locale}: page.moderation.done.${action}`)
      }
    })
})
