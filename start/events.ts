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

const ForgetCachedCopies = () => import('#listeners/forget_cached_copies')
const BroadcastLiveCounts = () => import('#listeners/broadcast_live_counts')
const RecordMetrics = () => import('#listeners/record_metrics')
const DeliverMilestones = () => import('#listeners/deliver_milestones')

emitter.on(PetitionChanged, [ForgetCachedCopies])
emitter.on(PetitionChanged, [BroadcastLiveCounts])
// A milestone reached: the petition goes to its decision makers.
emitter.on(PetitionChanged, [DeliverMilestones])

// The counters of GET /metrics.
emitter.on(SignatureCreated, [RecordMetrics, 'signatureCreated'])
emitter.on(SignatureConfirmed, [RecordMetrics, 'signatureConfirmed'])
emitter.on('mail:sent', [RecordMetrics, 'mailSent'])
emitter.on(MailFailed, [RecordMetrics, 'mailFailed'])
