import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * The transparency log's cost in the counter's flush (`npm run bench:log`):
 * grows the log to `--leaves` leaves, then times flushes of `--batch`
 * confirmed signatures (one delta row each, as confirmations write them)
 * and, apart, the log's share of such a flush (appending the same number of
 * leaves). Prints the figures as BENCH_LOG=<json> for the benchmark.
 */
export default class BenchLogFlush extends BaseCommand {
  static commandName = 'bench:log-flush'
  static description = 'Time the transparency log in the signature counter flush'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Leaves in the log before the timed flushes', default: 1_000_000 })
  declare leaves: number

  @flags.array({ description: 'Signatures per timed flush', default: ['1', '100', '1000'] })
  declare batch: string[]

  @flags.number({ description: 'Timed flushes per batch size', default: 20 })
  declare repeat: number

  async run() {
    const { randomBytes, randomUUID } = await import('node:crypto')
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { UserFactory } = await import('#database/factories/user_factory')
    const { PetitionFactory } = await import('#database/factories/petition_factory')
    const { appendToLog } = await import('#runtime/transparency/log_appends')
    const { signatureCounter } = await import('#runtime/signatures/counter')
    const { DELTAS } = await import('#runtime/signatures/flushed_counts')

    const owner = await UserFactory.create()
    const petition = await PetitionFactory.merge({ userId: owner.id, published: true }).create()
    const commitment = () => randomBytes(32).toString('base64url').slice(0, 43)
    const change = () => ({
      petition: petition.guid,
      event: 'add' as const,
      side: 'support' as const,
      n: 1,
      commitment: commitment(),
    })

    // The log grows as a site's would: flush after flush, ten thousand leaves each.
    const growStarted = process.hrtime.bigint()
    for (let size = 0; size < this.leaves; size += 10_000) {
      const count = Math.min(10_000, this.leaves - size)
      await db.transaction((trx) => appendToLog(trx, Array.from({ length: count }, change)))
    }
    const growSeconds = Number(process.hrtime.bigint() - growStarted) / 1e9

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]
    const timed = async (action: () => Promise<unknown>) => {
      const started = process.hrtime.bigint()
      await action()
      return Number(process.hrtime.bigint() - started) / 1e6
    }
    const results = []
    for (const value of this.batch) {
      const size = Number(value)
      const flushes: number[] = []
      const appends: number[] = []
      for (let run = 0; run < this.repeat; run++) {
        const rows = Array.from({ length: size }, () => ({
          petition_id: petition.id,
          country: 'DE',
          support: 1,
          oppose: 0,
          commitment: commitment(),
        }))
        for (let start = 0; start < rows.length; start += 500) {
          await db.table(DELTAS).multiInsert(rows.slice(start, start + 500))
        }
        flushes.push(await timed(() => signatureCounter.flush()))
        const changes = Array.from({ length: size }, change)
        appends.push(await timed(() => db.transaction((trx) => appendToLog(trx, changes))))
      }
      results.push({ signatures: size, flushMs: median(flushes), logAppendMs: median(appends) })
    }
    const [{ total }] = await db.from('transparency_log_leaves').count('* as total')
    this.logger.info(`log grown to ${this.leaves} leaves in ${growSeconds.toFixed(1)} s`)
    console.log(
      `BENCH_LOG=${JSON.stringify({ leaves: Number(total), growSeconds, results, run: randomUUID() })}`
    )
  }
}
