import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Flushes the signature counters' pending deltas when the process stops, so a
 * graceful restart loses no count.
 */
export default class SignatureCounterProvider {
  constructor(protected app: ApplicationService) {}

  async shutdown() {
    const { signatureCounter } = await import('#services/signatures/counter')
    await signatureCounter.stop()
  }
}
