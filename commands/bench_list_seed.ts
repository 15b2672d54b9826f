import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** Words the benchmark's titles and descriptions are made of, a few per language. */
const WORDS = (
  'park school water bridge library trees bike lane bus train night air clean safe street ' +
  'parque escuela agua puente biblioteca árboles tren noche seguro calle ' +
  'école eau pont bibliothèque arbres vélo nuit propre sûr rue ' +
  'Schule Wasser Brücke Bäume Fahrrad Zug Nacht sauber sicher Straße ' +
  'scuola acqua ponte biblioteca alberi treno notte pulito sicuro strada ' +
  'школа вода міст бібліотека дерева потяг ніч чисте вулиця ' +
  'escola água ponte biblioteca árvores comboio noite limpo seguro rua ' +
  'школа вода мост библиотека деревья поезд ночь чистый улица'
).split(' ')

const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'uk', 'pt', 'ru'] as const

/**
 * The list benchmark's data (`npm run bench:list`): a member and many
 * listed petitions in the eight languages, inserted in multi-row batches
 * (the search index follows by its triggers), some finished, some closing,
 * some successful, and signatures counted in the last 48 hours for some.
 */
export default class BenchListSeed extends BaseCommand {
  static commandName = 'bench:list-seed'
  static description = 'Seed many petitions for the list benchmark'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Petitions to insert', default: 100_000 })
  declare petitions: number

  async run() {
    const { DateTime } = await import('luxon')
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { UserFactory } = await import('#database/factories/user_factory')
    const { hourOf } = await import('#shared/hours')
    const { descriptionText } = await import('#support/search_text')
    const { searchTerms } = await import('#support/search_terms')
    const { PETITION_TOPICS, COUNTRIES_OF_LANGUAGE } = await import('#shared/petitions/topics')

    const owner = await UserFactory.merge({ firstName: 'Bench', lastName: 'Lister' }).create()
    const format = db.connection().dialect.dateTimeFormat
    const now = DateTime.utc()
    // A fixed sequence: every run measures the same data.
    let seed = 20261125
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    // A vocabulary as large as real texts have: one word in twenty is one of
    // the words above (each then in a few percent of the petitions, as a
    // topic's words are), the others made of syllables.
    const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vi', 'so', 'pe', 'da', 'ge', 'fu']
    const madeUp = () =>
      Array.from({ length: 4 }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join('')
    const word = () => (random() < 0.05 ? WORDS[Math.floor(random() * WORDS.length)] : madeUp())
    const words = (count: number) => Array.from({ length: count }, word).join(' ')
    const pick = <Item>(items: readonly Item[]) => items[Math.floor(random() * items.length)]
    // One to three topics each; four in five say where they apply, mostly a
    // country of their language, the first of its countries most often.
    const topicsOf = () =>
      [
        ...new Set(
          Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(PETITION_TOPICS))
        ),
      ].join(' ')
    const countryOf = (lang: keyof typeof COUNTRIES_OF_LANGUAGE) => {
      const where = random()
      if (where < 0.2) return null
      const countries = COUNTRIES_OF_LANGUAGE[lang]
      return where < 0.6
        ? countries[0]
        : where < 0.9
          ? pick(countries)
          : pick(Object.values(COUNTRIES_OF_LANGUAGE).flat())
    }

    const started = Date.now()
    const batchSize = 500
    for (let offset = 0; offset < this.petitions; offset += batchSize) {
      const rows = []
      for (let index = offset; index < Math.min(this.petitions, offset + batchSize); index++) {
        const description = `<p>${words(25)} <strong>${words(3)}</strong> ${words(20)}.</p><p>${words(30)}</p>`
        const target = 100 + Math.floor(random() * 5000)
        const closes = random()
        const lang = LOCALES[index % LOCALES.length]
        const title = `${words(5)} ${index}`
        const addressee = words(3)
        const country = countryOf(lang)
        rows.push({
          guid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          slug: `bench-list-${index}`,
          user_id: owner.id,
          title,
          target: addressee,
          description,
          description_text: descriptionText(description),
          // As the model keeps them: the index searches word forms and places.
          search_terms: searchTerms({
            title,
            target: addressee,
            descriptionText: descriptionText(description),
            region: null,
            country,
            lang,
          }),
          lang,
          topics: topicsOf(),
          country,
          target_signatures: target,
          published: 1,
          finished: random() < 0.2 ? 1 : 0,
          allow_comments: 0,
          allow_opposite: 0,
          private: random() < 0.05 ? 1 : 0,
          support_count: Math.floor(random() * target * 1.3),
          oppose_count: 0,
          closes_at:
            closes < 0.3
              ? now.plus({ hours: Math.floor(random() * 2000) - 500 }).toFormat(format)
              : null,
          created_at: now.minus({ minutes: this.petitions - index }).toFormat(format),
          updated_at: now.toFormat(format),
        })
      }
      await db.table('petitions').multiInsert(rows)
    }
    this.logger.info(
      `${this.petitions} petitions in ${((Date.now() - started) / 1000).toFixed(1)} s`
    )

    // Signatures counted in the last 48 hours for one petition in 20.
    const ids: Array<{ id: number }> = await db.from('petitions').select('id')
    const hour = hourOf()
    const hourly = []
    for (const { id } of ids) {
      if (id % 20 !== 0) continue
      for (let back = 0; back < 48; back += 3) {
        hourly.push({ petition_id: id, hour: hour - back, count: 1 + Math.floor(random() * 50) })
      }
    }
    for (let offset = 0; offset < hourly.length; offset += 400) {
      await db.table('petition_hourly_signatures').multiInsert(hourly.slice(offset, offset + 400))
    }
    // Statistics for the query planners, as a live database has them.
    await db.rawQuery('ANALYZE')
    this.logger.info(`${hourly.length} hourly counts`)
  }
}
