import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Sends one newsletter issue, written in Markdown, to every confirmed
 * subscriber who has not unsubscribed, each in their language. The mails go
 * through the queue; the deliveries table remembers who had which issue, so
 * running the command again for the same issue mails only those who were
 * not on the list yet.
 */
export default class NewsletterSend extends BaseCommand {
  static commandName = 'newsletter:send'
  static description = 'Send a newsletter issue (Markdown) to every confirmed subscriber'
  static help = [
    'The issue is a Markdown file; its translations sit beside it with the',
    'language before the extension: --file=news/2026-12.md is English, and',
    'news/2026-12.de.md, news/2026-12.fr.md… are German, French… Subscribers',
    'whose language has no file get the English one.',
    '',
    'A file whose first line is "# Title" takes that title as its subject',
    '(and the line is not repeated in the body). --subject is the English',
    "subject and wins over the English file's title line; a translation",
    'without a title line takes the English subject.',
    '',
    'Each issue is sent once per subscriber: its id is --issue, or the',
    "English file's name without its extension (2026-12). Running the",
    'command again with the same id mails only new subscribers.',
    '',
    'npm run ace -- newsletter:send --subject="News of December" --file=news/2026-12.md --dry-run',
  ]
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The English subject (or a "# Title" first line in the file)' })
  declare subject?: string

  @flags.string({
    description: 'The English Markdown file; translations beside it as name.<locale>.md',
    required: true,
  })
  declare file: string

  @flags.string({ description: "The issue's id (default: the file's name without .md)" })
  declare issue?: string

  @flags.boolean({ description: 'Only count who would get it, per language' })
  declare dryRun?: boolean

  @flags.number({ description: 'Subscribers read and queued at a time (default 500)' })
  declare batchSize?: number

  async run() {
    const { readIssue, sendIssue, countIssueRecipients, editionLocaleOf, NewsletterIssueError } =
      await import('#services/mail/newsletter_issue')
    const { LOCALES } = await import('#app/i18n/locales')

    let issue
    try {
      issue = await readIssue(this.file, { subject: this.subject, id: this.issue })
    } catch (error) {
      if (!(error instanceof NewsletterIssueError)) throw error
      this.logger.error(error.message)
      this.exitCode = 1
      return
    }
    if (this.batchSize !== undefined && !(this.batchSize >= 1)) {
      this.logger.error('--batch-size must be at least 1')
      this.exitCode = 1
      return
    }

    // The unsubscribe links are built from the named routes, which a command does not load by itself.
    const router = await this.app.container.make('router')
    await import('#start/routes')
    router.commit()

    const counts = this.dryRun
      ? await countIssueRecipients(issue.id)
      : await sendIssue(issue, this.batchSize)

    let total = 0
    for (const locale of LOCALES) {
      const count = counts.get(locale) ?? 0
      total += count
      const edition = issue.editions[editionLocaleOf(issue, locale)]!
      const text = edition === issue.editions[locale] ? '' : 'English text, '
      this.logger.info(`${locale}: ${count} (${text}"${edition.subject}")`)
    }
    this.logger.info(
      this.dryRun
        ? `total: ${total} would get issue ${issue.id} (dry run: nothing sent)`
        : `total: ${total} queued for issue ${issue.id}`
    )
  }
}
