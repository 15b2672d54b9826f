import { forgetWebhookEndpoints } from '#runtime/caches/process_caches'

/**
 * A petition's endpoints changed: this process drops its copy of which
 * petitions have live endpoints at once (the others within its short life),
 * so that the next flush asks the table again.
 */
export default class ForgetWebhookEndpoints {
  handle() {
    forgetWebhookEndpoints()
  }
}
