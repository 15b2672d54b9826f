import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import { loginFailureLimits } from '#runtime/limits/rate_limits'
import { turnstile } from '#support/turnstile'

type LoginAttempt = { email: string; password: string; ip: string; botCheckToken: unknown }

export type LoginRefusal = {
  user: null
  refusal: 'credentials' | 'bot_check'
  botCheckRequired: boolean
}
export type LoginOutcome = { user: User } | LoginRefusal

async function verifyCredentials(email: string, password: string) {
  try {
    return await User.verifyCredentials(email, password)
  } catch (error) {
    if (error instanceof authErrors.E_INVALID_CREDENTIALS) return null
    throw error
  }
}

/**
 * A password login. Failures are counted from the client's address (on any
 * account, and on this account): past either limit that address gets a 429,
 * so an attacker slows down without locking anyone else out. Failures on
 * the account from anywhere never lock it either: past that limit every
 * login to it must first pass the bot check, its owner's too.
 */
export async function attemptLogin({
  email,
  password,
  ip,
  botCheckToken,
}: LoginAttempt): Promise<LoginOutcome> {
  const limits = loginFailureLimits(email, ip)
  if (!limits) {
    const user = await verifyCredentials(email, password)
    return user ? { user } : { user: null, refusal: 'credentials', botCheckRequired: false }
  }

  await limits.refuseWhenThrottled()
  if ((await limits.botCheckRequired()) && !(await turnstile.verify(botCheckToken, ip, 'login'))) {
    return { user: null, refusal: 'bot_check', botCheckRequired: true }
  }

  const user = await verifyCredentials(email, password)
  if (user) {
    await limits.countSuccess()
    return { user }
  }
  await limits.countFailure()
  return { user: null, refusal: 'credentials', botCheckRequired: await limits.botCheckRequired() }
}
