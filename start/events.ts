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

const ForgetPetitionPages = () => import('#listeners/forget_petition_pages')
const ForgetTrending = () => import('#listeners/forget_trending')
const BroadcastLiveCounts = () => import('#listeners/broadcast_live_counts')
const ForgetSignaturesTotal = () => import('#listeners/forget_signatures_total')
const RecordMetrics = () => import('#listeners/record_metrics')

emitter.on(PetitionChanged, [ForgetPetitionPages])
emitter.on(PetitionChanged, [ForgetTrending])
emitter.on(PetitionChanged, [BroadcastLiveCounts])
emitter.on(PetitionChanged, [ForgetSignaturesTotal])

// The counters of GET /metrics.
emitter.on(SignatureCreated, [RecordMetrics, 'signatureCreated'])
emitter.on(SignatureConfirmed, [RecordMetrics, 'signatureConfirmed'])
emitter.on('mail:sent', [RecordMetrics, 'mailSent'])
emitter.on(MailFailed, [RecordMetrics, 'mailFailed'])
