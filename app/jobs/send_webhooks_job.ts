import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import Petition from '#models/petition'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDisabledMail from '#mails/webhook_disabled_mail'
import SendMailJob from '#jobs/send_mail_job'
import { WEBHOOKS_QUEUE } from '#support/queues'
import { sendDueWebhooks } from '#runtime/webhooks/delivery_queue'
import { makeSignatureDeliveries } from '#runtime/webhooks/signature_events'

/**
 * Sends webhook deliveries that are due: those named (just stored, told by
 * `WebhookDeliveriesDue`), or, with none named, every one that is due once
 * the signature events the counter recorded are made into deliveries (told
 * by `WebhookSignatureEventsRecorded`, and the sweep, every minute: retries,
 * and events whose news was lost). Each
 * try is recorded and rescheduled by the delivery queue itself, so the job
 * never fails and is never retried by the queue. The owner of an endpoint
 * a try disabled is mailed, once: only the try that disabled it names it.
 */
export default class SendWebhooksJob extends Job<{ deliveryIds?: number[] }> {
  static options: JobOptions = {
    queue: WEBHOOKS_QUEUE,
    maxRetries: 0,
    removeOnComplete: true,
    removeOnFail: true,
  }

  async execute() {
    // Without ids (a flush's signature events, the sweep): their deliveries are made first.
    if (!this.payload.deliveryIds) await makeSignatureDeliveries()
    const round = await sendDueWebhooks(this.payload.deliveryIds)
    if (round.disabledEndpointIds.length === 0) return
    const endpoints = await WebhookEndpoint.query().whereIn('id', round.disabledEndpointIds)
    const petitions = await Petition.query()
      .whereIn('id', [...new Set(endpoints.map((endpoint) => endpoint.petitionId))])
      .preload('user')
    const petitionOf = new Map(petitions.map((petition) => [petition.id, petition]))
    await SendMailJob.dispatchMails(
      endpoints.flatMap((endpoint) => {
        const petition = petitionOf.get(endpoint.petitionId)
        // A petition whose owner deleted their account has nobody to tell.
        return petition?.user ? [new WebhookDisabledMail(petition.user, petition, endpoint)] : []
      })
    )
  }
}
