import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'

/** What a member may do with their own account. */
export default class AccountPolicy extends BasePolicy {
  /** A verified identity is linked once: never again nor changed; it goes with the account. */
  linkIdentity(user: User) {
    return user.identityHash === null
  }
}
