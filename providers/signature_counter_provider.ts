import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The signature counters' flushes at the edges of a web process's life: at
 * boot, the deltas a crashed process recorded but never applied; at
 * shutdown, the last ones, so that a restart shows exact counts at once.
 * Likewise for confirmation links: a web process sweeps up links left due
 * (from boot on) and mails the ones it holds before it exits. In every
 * process, a flush that moved counts drops the trending list's kept ranking.
 */
export default class SignatureCounterProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    const { signatureCounter } = await import('#services/signatures/counter')
    // Counts that moved change the trending list: its kept ranking is read afresh.
    const { forgetTrending } = await import('#services/petitions/listing')
    signatureCounter.onFlushed(() => forgetTrending())
    if (this.app.getEnvironment() !== 'web') return
    await signatureCounter.flush()
    const { signatureMails } = await import('#services/signatures/signature_mails')
    signatureMails.startSweeping()
  }

  async shutdown() {
    const { signatureCounter } = await import('#services/signatures/counter')
    const { signatureMails } = await import('#services/signatures/signature_mails')
    await Promise.all([signatureCounter.stop(), signatureMails.stop()])
  }
}
