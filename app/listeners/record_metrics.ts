import {
  mailsFailed,
  mailsSent,
  signatureConfirmations,
  signaturesCreated,
} from '#runtime/metrics/process_metrics'

/** The counters of GET /metrics, moved by the events they count (start/events.ts). */
export default class RecordMetrics {
  signatureCreated() {
    signaturesCreated.inc()
  }

  signatureConfirmed() {
    signatureConfirmations.inc()
  }

  mailSent() {
    mailsSent.inc()
  }

  mailFailed() {
    mailsFailed.inc()
  }
}
