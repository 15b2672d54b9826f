import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Seeds demo data into an empty database, unless SEED_DEMO=false, and never
 * in production, where demo accounts with a published password would be a
 * way in. Safe to run on every start: a database with users is left alone.
 */
export default class DemoSeed extends BaseCommand {
  static commandName = 'demo:seed'
  static description = 'Seed demo data when the database is empty (SEED_DEMO=false turns it off)'
  static options: CommandOptions = { startApp: true }

  async run() {
    if (this.app.inProduction) {
      this.logger.info('production: no demo data')
      return
    }
    const { default: env } = await import('#start/env')
    if (env.get('SEED_DEMO', true) === false) {
      this.logger.info('SEED_DEMO=false: no demo data')
      return
    }
    const { seedDemoData } = await import('#database/seeders/demo_data')
    const seeded = await seedDemoData()
    this.logger.info(seeded ? 'demo data seeded' : 'database not empty: demo data left alone')
  }
}
