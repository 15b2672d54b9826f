import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Benchmark data (`npm run bench`): a member and petitions with the given
 * numbers of confirmed signatures, inserted in large batches. Prints the
 * petitions and their owner's login as JSON for the benchmark to target.
 */
export default class BenchSeed extends BaseCommand {
  static commandName = 'bench:seed'
  static description = 'Seed petitions with many signatures for the benchmarks'
  static options: CommandOptions = { startApp: true }

  @flags.array({ description: 'Signature counts, one petition each', default: ['1000'] })
  declare signatures: string[]

  async run() {
    const { randomUUID } = await import('node:crypto')
    const { UserFactory } = await import('#database/factories/user_factory')
    const { default: Petition } = await import('#models/petition')
    const { savePetition } = await import('#services/petitions/petition_writer')
    const { insertSignatureRows } = await import('#database/seeders/signature_rows')
    const { recountSignatures } = await import('#services/signatures/recount')

    const password = 'bench-owner-password'
    const owner = await UserFactory.merge({
      firstName: 'Bench',
      lastName: 'Owner',
      password,
    }).create()
    const petitions = []
    let from = 0
    for (const value of this.signatures) {
      const count = Number(value)
      const guid = randomUUID()
      await savePetition(owner, guid, {
        title: `Benchmark petition with ${count} signatures`,
        target: 'Benchmark council',
        description: '<p>A petition for the benchmarks, with <strong>every</strong> section.</p>',
        banner: { driver: 'local', url: '/banner-templates/forest.jpg' },
        letters: [
          {
            payload: 'Dear council,\nplease act.',
            recipients: [{ name: 'Mayor', payload: 'City hall' }],
          },
        ],
        customFields: [{ type: 'text', title: 'City', required: false }],
        allowComments: true,
        allowOpposite: true,
        targetSignatures: 1000000,
        topics: ['democracy'],
      } as any)
      const petition = await Petition.findByOrFail('guid', guid)
      const started = Date.now()
      await insertSignatureRows(petition.id, count, {
        from,
        opposeEvery: 5,
        privateEvery: 9,
        comment: 'Signed for the benchmark, with a comment.',
        batchSize: 1500,
      })
      from += count
      await recountSignatures(petition.id)
      this.logger.info(`${count} signatures in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      petitions.push({ guid, slug: petition.slug, signatures: count })
    }
    // A database that has run a while has its planner's statistics and its visibility map;
    // after a bulk load PostgreSQL has neither until autovacuum reaches the tables, in the
    // middle of the measured runs.
    const { default: db } = await import('@adonisjs/lucid/services/db')
    if (db.connection().dialect.name === 'postgres') await db.rawQuery('VACUUM ANALYZE')
    console.log(`BENCH_PETITIONS=${JSON.stringify(petitions)}`)
    // The owner's login, for the signatures-management benchmark.
    console.log(`BENCH_OWNER=${JSON.stringify({ email: owner.email, password })}`)
  }
}
