/*
|--------------------------------------------------------------------------
| Events
|--------------------------------------------------------------------------
|
| Side effects that follow a change hang here, once, instead of being
| called by every service that makes the change.
|
*/
import emitter from '@adonisjs/core/services/emitter'
import PetitionChanged from '#events/petition_changed'
import SignatureCreated from '#events/signature_created'
import SignatureConfirmed from '#events/signature_confirmed'
import MailFailed from '#events/mail_failed'
import MailDelivered from '#events/mail_delivered'
import SigningRulesChanged from '#events/signing_rules_changed'
import WebhookDeliveriesDue from '#events/webhook_deliveries_due'
import WebhookSignatureEventsRecorded from '#events/webhook_signature_events_recorded'
import WebhookEndpointsChanged from '#events/webhook_endpoints_changed'
import PetitionMilestoneReached from '#events/petition_milestone_reached'
import PetitionAnswered from '#events/petition_answered'
import PetitionUpdated from '#events/petition_updated'
import PetitionClosed from '#events/petition_closed'

const ForgetCachedCopies = () => import('#listeners/forget_cached_copies')
const ForgetSigningRules = () => import('#listeners/forget_signing_rules')
const BroadcastLiveCounts = () => import('#listeners/broadcast_live_counts')
const RecordMetrics = () => import('#listeners/record_metrics')
const DeliverMilestones = () => import('#listeners/deliver_milestones')
const RecordMailReceipts = () => import('#listeners/record_mail_receipts')
const SendWebhooks = () => import('#listeners/send_webhooks')
const ForgetWebhookEndpoints = () => import('#listeners/forget_webhook_endpoints')
const SendPetitionWebhooks = () => import('#listeners/send_petition_webhooks')

emitter.on(PetitionChanged, [ForgetCachedCopies])
emitter.on(PetitionChanged, [BroadcastLiveCounts])
// A milestone reached: the petition goes to its decision makers.
emitter.on(PetitionChanged, [DeliverMilestones])
// A moderator changed the rules against signing attacks: every process reads them again.
emitter.on(SigningRulesChanged, [ForgetSigningRules])
// Its mail left: the decision maker counts as told from now.
emitter.on(MailDelivered, [RecordMailReceipts])
// Webhook deliveries stored: the queue sends them (the sweep sends what this misses).
emitter.on(WebhookDeliveriesDue, [SendWebhooks])
emitter.on(WebhookSignatureEventsRecorded, [SendWebhooks, 'signatureEventsRecorded'])
// An owner added, removed or enabled an endpoint: the copy of who has endpoints goes.
emitter.on(WebhookEndpointsChanged, [ForgetWebhookEndpoints])
// A petition's own events go to its webhook endpoints that asked for them.
emitter.on(PetitionMilestoneReached, [SendPetitionWebhooks, 'milestone'])
emitter.on(PetitionAnswered, [SendPetitionWebhooks, 'answered'])
emitter.on(PetitionUpdated, [SendPetitionWebhooks, 'updated'])
emitter.on(PetitionClosed, [SendPetitionWebhooks, 'closed'])

// The counters of GET /metrics.
emitter.on(SignatureCreated, [RecordMetrics, 'signatureCreated'])
emitter.on(SignatureConfirmed, [RecordMetrics, 'signatureConfirmed'])
emitter.on('mail:sent', [RecordMetrics, 'mailSent'])
emitter.on(MailFailed, [RecordMetrics, 'mailFailed'])
