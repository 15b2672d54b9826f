import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The signature counters' flushes at the edges of a web process's life: at
 * boot, the deltas a crashed process recorded but never applied; at
 * shutdown, the last ones, so that a restart shows exact counts at once.
 */
export default class SignatureCounterProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { signatureCounter } = await import('#runtime/signatures/counter')
    await signatureCounter.flush()
  }

  async shutdown() {
    const { signatureCounter } = await import('#runtime/signatures/counter')
    await signatureCounter.stop()
  }
}
