import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { forgetSigningRules } from '#runtime/caches/process_caches'

/** The Redis channel on which processes tell each other that the signing rules changed. */
export const RULES_CHANNEL = 'undersign:signing-rules'

/** This process, so that it ignores its own messages (it dropped its snapshot already). */
const ownOrigin = randomUUID()

/** Whether processes share Redis, and so hear each other's changes. */
function shared() {
  return Boolean(env.get('REDIS_HOST'))
}

/**
 * Tells every other process that a moderator changed the signing rules, so
 * that they read them again at their next signature. A lost message costs
 * little: their snapshots expire within 20 s.
 */
export function tellRulesChanged() {
  if (!shared()) return
  redis.publish(RULES_CHANNEL, rulesMessage()).catch((error) => {
    logger.warn({ err: error }, 'could not tell the other processes of a rules change')
  })
}

/** From now on, this process drops its snapshot when another one changes the rules. */
export function hearRulesChanges() {
  if (!shared()) return
  redis.subscribe(RULES_CHANNEL, (message) => {
    if (changedElsewhere(message)) forgetSigningRules()
  })
}

/** The message that tells the other processes the rules changed. */
export function rulesMessage() {
  return JSON.stringify({ origin: ownOrigin })
}

/** Whether a message of the channel tells of another process's change (an unreadable one does too). */
export function changedElsewhere(message: string) {
  try {
    return JSON.parse(message)?.origin !== ownOrigin
  } catch {
    return true
  }
}
