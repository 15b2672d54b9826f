import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Grants or removes the moderator role: `users:role {email} moderator`
 * or `users:role {email} member`, of a verified account only. Each change
 * is recorded in the moderation audit trail, with the command line as its
 * actor.
 */
export default class UsersRole extends BaseCommand {
  static commandName = 'users:role'
  static description = 'Make an account a moderator, or a plain member again'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The e-mail address of the account' })
  declare email: string

  @args.string({ description: 'member or moderator' })
  declare role: string

  @flags.string({ description: 'Why, for the audit trail' })
  declare reason?: string

  async run() {
    const { changeRole, ROLE_NAMES } = await import('#services/moderation/roles')
    if (!Object.keys(ROLE_NAMES).includes(this.role)) {
      this.logger.error(`The role must be "member" or "moderator", not "${this.role}"`)
      this.exitCode = 1
      return
    }
    const change = await changeRole(
      this.email,
      this.role as keyof typeof ROLE_NAMES,
      'console',
      this.reason
    )
    if (change.outcome === 'unknown_account') {
      this.logger.error(`No account has the e-mail address ${this.email}`)
      this.exitCode = 1
      return
    }
    if (change.outcome === 'unverified') {
      this.logger.error(
        `The account ${change.user.email} is not verified: only a verified account can be given a role`
      )
      this.exitCode = 1
      return
    }
    if (change.outcome === 'unchanged') {
      this.logger.info(`${change.user.email} is already a ${this.role}: nothing changed`)
      return
    }
    this.logger.success(`${change.user.email} is now a ${this.role} (recorded in the audit trail)`)
  }
}
