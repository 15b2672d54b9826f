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

const ForgetCachedCopies = () => import('#listeners/forget_cached_copies')
const BroadcastLiveCounts = () => import('#listeners/broadcast_live_counts')

emitter.on(PetitionChanged, [ForgetCachedCopies])
emitter.on(PetitionChanged, [BroadcastLiveCounts])
