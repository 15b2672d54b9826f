import type { ApplicationService } from '@adonisjs/core/types'
import { handsMailsOver } from '#support/mail_worker'

/**
 * Signers' mails: the process that sends them sweeps up links left due
 * (from boot on) and mails the ones it holds before it exits. That is a web
 * process serving alone, or under the supervisor its mail worker (the
 * `signature-mails:send` command); its web workers hand their links over.
 */
export default class SignatureMailsProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web' || handsMailsOver()) return
    const { signatureMails } = await import('#runtime/signatures/signature_mails')
    signatureMails.startSweeping()
  }

  async shutdown() {
    const { signatureMails } = await import('#runtime/signatures/signature_mails')
    await signatureMails.stop()
  }
}
