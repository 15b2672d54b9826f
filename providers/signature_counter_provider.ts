import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The signature counters' flushes at the edges of a web process's life: at
 * boot, the deltas a crashed process recorded but never applied; at
 * shutdown, the last ones, so that a restart shows exact counts at once.
 * The transparency log's heads are signed from the boot on.
 */
export default class SignatureCounterProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { signatureCounter } = await import('#runtime/signatures/counter')
    await signatureCounter.flush()
    // Leaves a crashed process appended but never signed get their tree head.
    const { treeHeadSigner } = await import('#runtime/transparency/tree_heads')
    treeHeadSigner.wake()
  }

  async shutdown() {
    const { signatureCounter } = await import('#runtime/signatures/counter')
    await signatureCounter.stop()
    const { treeHeadSigner } = await import('#runtime/transparency/tree_heads')
    treeHeadSigner.stop()
  }
}
