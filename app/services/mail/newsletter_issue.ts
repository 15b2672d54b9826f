import { readFile } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import SendMailJob from '#jobs/send_mail_job'
import NewsletterIssueMail, { type IssueEdition } from '#mails/newsletter_issue_mail'
import { issueText, renderIssueHtml } from '#support/mail_html'
import { unsubscribeUrlOf } from '#services/mail/newsletter'
import { isUniqueViolation } from '#support/database_errors'
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '#app/i18n/locales'

/** Subscribers read, mailed and queued at a time: one page, one queue write. */
export const ISSUE_BATCH_SIZE = 500

/** An issue the operator asked for that cannot be sent as it is (a missing file, no subject). */
export class NewsletterIssueError extends Error {}

/** One issue in every language it was written in; English always. */
export type NewsletterIssue = {
  /** What the deliveries remember it by: a second run of the same id mails nobody twice. */
  id: string
  editions: Partial<Record<Locale, IssueEdition>> & { en: IssueEdition }
}

/** Per subscriber language: how many got (or would get) the issue. */
export type IssueCounts = Map<Locale, number>

const ISSUE_ID = /^[\w.-]{1,100}$/

/** A first line `# Title` is the edition's subject, and not repeated in its body. */
function splitTitle(source: string) {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/)
  const first = lines.findIndex((line) => line.trim() !== '')
  const title = first === -1 ? null : /^#\s+(.+?)(?:\s+#+)?\s*$/.exec(lines[first])
  if (!title) return { title: null, body: source }
  return { title: title[1].trim(), body: lines.slice(first + 1).join('\n') }
}

async function readIfPresent(path: string) {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Reads an issue: `news/2026-12.md` is English, `news/2026-12.de.md` German,
 * and so on for every language that has a file. A file's first line
 * `# Title` is its subject; English takes `subject` first, and a language
 * without a title line takes the English subject. The id is `id`, or the
 * English file's name without its extension (`2026-12`).
 */
export async function readIssue(
  file: string,
  options: { subject?: string; id?: string } = {}
): Promise<NewsletterIssue> {
  const extension = extname(file)
  const name = basename(file, extension)
  const id = options.id ?? name
  if (!ISSUE_ID.test(id)) {
    throw new NewsletterIssueError(
      `"${id}" cannot be an issue id: use letters, digits, dots, dashes (up to 100)`
    )
  }
  const english = await readIfPresent(file)
  if (english === null) throw new NewsletterIssueError(`${file} not found`)
  const englishParts = splitTitle(english)
  const englishSubject = options.subject?.trim() || englishParts.title
  if (!englishSubject) {
    throw new NewsletterIssueError(
      `no subject: pass --subject or start ${file} with a "# Title" line`
    )
  }

  const edition = (subject: string, body: string): IssueEdition => {
    const html = renderIssueHtml(body)
    return { subject, html, text: issueText(html) }
  }
  const editions: NewsletterIssue['editions'] = {
    en: edition(englishSubject, englishParts.body),
  }
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue
    const source = await readIfPresent(join(dirname(file), `${name}.${locale}${extension}`))
    if (source === null) continue
    const parts = splitTitle(source)
    editions[locale] = edition(parts.title ?? englishSubject, parts.body)
  }
  return { id, editions }
}

/** The language a subscriber reads: theirs when the issue was written in it, else English. */
export function editionLocaleOf(issue: NewsletterIssue, locale: Locale): Locale {
  return issue.editions[locale] ? locale : DEFAULT_LOCALE
}

const stored = (date: DateTime) => date.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** Confirmed, still subscribed, and not yet sent this issue. */
function awaiting(issueId: string) {
  return db
    .from('newsletter_subscriptions as s')
    .whereNotNull('s.confirmed_at')
    .whereNull('s.unsubscribed_at')
    .whereNotExists((delivered) =>
      delivered
        .from('newsletter_deliveries as d')
        .whereColumn('d.subscription_id', 's.id')
        .where('d.issue', issueId)
        .select('d.id')
    )
}

function localeOfRow(locale: string): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}

/** How many subscribers of each language the issue would reach now, without sending. */
export async function countIssueRecipients(issueId: string): Promise<IssueCounts> {
  const rows: Array<{ locale: string; total: number | string }> = await awaiting(issueId)
    .select('s.locale')
    .count('* as total')
    .groupBy('s.locale')
  const counts: IssueCounts = new Map()
  for (const row of rows) {
    const locale = localeOfRow(row.locale)
    counts.set(locale, (counts.get(locale) ?? 0) + Number(row.total))
  }
  return counts
}

/**
 * Records the issue as sent to a page of subscribers, in one INSERT: either
 * every row goes in or none does. False when another run took some of them
 * first (the unique pair refused it): the page is then read again without
 * them.
 */
async function claim(issueId: string, subscriptionIds: number[]) {
  const now = stored(DateTime.utc())
  try {
    // In a transaction of its own, so that a refused INSERT leaves any
    // transaction around it usable (PostgreSQL aborts one on an error).
    await db.transaction((trx) =>
      trx
        .table('newsletter_deliveries')
        .multiInsert(
          subscriptionIds.map((id) => ({ subscription_id: id, issue: issueId, created_at: now }))
        )
    )
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

function unclaim(issueId: string, subscriptionIds: number[]) {
  return db
    .from('newsletter_deliveries')
    .where('issue', issueId)
    .whereIn('subscription_id', subscriptionIds)
    .delete()
}

/**
 * Queues the issue for every confirmed subscriber who has not had it yet,
 * each in their language (English when the issue was not written in it),
 * with their own unsubscribe link. Subscribers are read in pages by id, and
 * each page is claimed, then queued as one batch of mail jobs, so memory
 * stays flat however long the list is. A page is claimed before it is
 * queued (and given back when the queue refuses it): should the process die
 * in between, those subscribers miss the issue rather than a later run
 * mailing anyone twice.
 *
 * Issues are not guarded (NewsletterIssueMail.guarded): the per-recipient
 * guard protects addresses from forms that anyone can fill in, while an
 * issue goes only to people who confirmed they want it, once, and dropping
 * it would lose it for good.
 */
export async function sendIssue(
  issue: NewsletterIssue,
  batchSize = ISSUE_BATCH_SIZE
): Promise<IssueCounts> {
  const counts: IssueCounts = new Map()
  let after = 0
  for (;;) {
    const page: Array<{ id: number; email: string; locale: string }> = await awaiting(issue.id)
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(batchSize)
      .select('s.id', 's.email', 's.locale')
    if (page.length === 0) break

    const mails = page.map((row) => {
      const editionLocale = editionLocaleOf(issue, localeOfRow(row.locale))
      return new NewsletterIssueMail(
        row.email,
        editionLocale,
        issue.editions[editionLocale]!,
        unsubscribeUrlOf(row.id, localeOfRow(row.locale))
      )
    })
    // Every mail of the page is built before the page is claimed, so that a
    // mail that cannot be built leaves its page to a later run.
    for (const message of mails) await message.build()
    const ids = page.map((row) => row.id)
    if (!(await claim(issue.id, ids))) continue
    try {
      await SendMailJob.dispatchMails(mails)
    } catch (error) {
      // Not queued: the page is given back, for the next run to send.
      await unclaim(issue.id, ids)
      throw error
    }
    for (const row of page) {
      const locale = localeOfRow(row.locale)
      counts.set(locale, (counts.get(locale) ?? 0) + 1)
    }
    after = page[page.length - 1].id
  }
  return counts
}
