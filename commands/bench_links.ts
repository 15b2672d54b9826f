import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * The confirmation links of unconfirmed signatures, one per line, as the
 * confirmation mail would carry them (`npm run bench` confirms them).
 */
export default class BenchLinks extends BaseCommand {
  static commandName = 'bench:links'
  static description = 'Print the confirmation links of unconfirmed signatures (benchmarks)'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'How many links at most', default: 100000 })
  declare limit: number

  @flags.string({ description: 'Write the links to this file' })
  declare out: string

  async run() {
    const { writeFile } = await import('node:fs/promises')
    // Links are built from the named routes, which a command does not load by itself.
    const router = await this.app.container.make('router')
    await import('#start/routes')
    router.commit()
    const { default: Signature } = await import('#models/signature')
    const { confirmationUrl } = await import('#support/signature_links')
    const signatures = await Signature.query()
      .whereNull('confirmed_at')
      .select('id', 'confirmation_token')
      .orderBy('id')
      .limit(this.limit)
    const links = signatures.map((signature) => {
      const url = new URL(confirmationUrl(signature, 'en'))
      return `${url.pathname}${url.search}`
    })
    await writeFile(this.out, links.join('\n'))
    this.logger.info(`${links.length} confirmation links written to ${this.out}`)
  }
}
