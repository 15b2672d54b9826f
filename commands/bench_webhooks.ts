import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * For `npm run bench`: gives a petition webhook endpoints for every event
 * (`--url`, `--count`), prints its endpoints' deliveries by state
 * (`--report`) as `BENCH_WEBHOOKS={…}`, or disables its endpoints
 * (`--disable`: the control run without them).
 */
export default class BenchWebhooks extends BaseCommand {
  static commandName = 'bench:webhooks'
  static description =
    'Add webhook endpoints to a petition, or report their deliveries (benchmarks)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The petition (guid)' })
  declare petition: string

  @flags.string({ description: 'Where the endpoints send' })
  declare url: string

  @flags.number({ description: 'How many endpoints', default: 3 })
  declare count: number

  @flags.boolean({ description: 'Print the deliveries by state instead' })
  declare report: boolean

  @flags.boolean({ description: "Disable the petition's endpoints instead" })
  declare disable: boolean

  async run() {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { default: Petition } = await import('#models/petition')
    const { default: WebhookEndpoint } = await import('#models/webhook_endpoint')
    const { WEBHOOK_EVENTS } = await import('#shared/webhook_events')
    const { newWebhookSecret } = await import('#support/webhook_messages')
    const petition = await Petition.findByOrFail('guid', this.petition)
    if (this.disable) {
      const { DateTime } = await import('luxon')
      const now = DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat)
      await db
        .from('webhook_endpoints')
        .where('petition_id', petition.id)
        .whereNull('disabled_at')
        .update({ disabled_at: now, updated_at: now })
      this.logger.info(`the webhook endpoints of ${petition.guid} disabled`)
      return
    }
    if (this.report) {
      const rows: Array<{ status: string; total: number | string }> = await db
        .from('webhook_deliveries')
        .join('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .where('webhook_endpoints.petition_id', petition.id)
        .groupBy('status')
        .select('status', db.raw('COUNT(*) AS total'))
      const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]))
      console.log(`BENCH_WEBHOOKS=${JSON.stringify(byStatus)}`)
      return
    }
    for (let n = 0; n < this.count; n++) {
      await WebhookEndpoint.create({
        petitionId: petition.id,
        url: `${this.url}/${n}`,
        events: [...WEBHOOK_EVENTS],
        secret: newWebhookSecret(),
      })
    }
    this.logger.info(`${this.count} webhook endpoints added to ${petition.guid}`)
  }
}
