import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Confirmation links: a web process sweeps up links left due (from boot on)
 * and mails the ones it holds before it exits.
 */
export default class SignatureMailsProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { signatureMails } = await import('#services/signatures/signature_mails')
    signatureMails.startSweeping()
  }

  async shutdown() {
    const { signatureMails } = await import('#services/signatures/signature_mails')
    await signatureMails.stop()
  }
}
