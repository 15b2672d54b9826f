import type User from '#models/user'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { avatarFor } from '#support/avatar'

/**
 * The signed-in member as their own pages see them. Only ever built
 * for the user themself: it carries their own e-mail, never another person's.
 */
export default class UserTransformer extends BaseTransformer<User> {
  toObject() {
    const user = this.resource
    return {
      ...this.pick(user, ['id', 'firstName', 'lastName', 'nickName', 'email', 'role']),
      avatar: avatarFor(user),
      signatures: user.signaturesCount,
      createdAt: user.createdAt.toISO(),
    }
  }
}
