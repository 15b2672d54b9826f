import { useTranslation } from '~/i18n/context.tsx'
import InvalidationFilterText from '~/components/moderation/invalidation_filter_text.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'

type Entry = Data.ModerationEvent

/** Who acted: the moderator's name as it was, or the command line in the page's language. */
export function ActorName({ entry }: { entry: Pick<Entry, 'actorId' | 'actorName'> }) {
  const { t } = useTranslation()
  return <>{entry.actorId === null ? t('page.moderation.command_line') : entry.actorName}</>
}

/** What was done, in the page's language, with the signature it was done to. */
export function EventText({
  entry,
}: {
  entry: Pick<Entry, 'action' | 'signatureId'> & Partial<Pick<Entry, 'subject' | 'details'>>
}) {
  const { t, locale } = useTranslation()
  return (
    <>
      {t(`page.moderation.events.${entry.action}`)}
      {entry.signatureId !== null && (
        <> ({t('page.moderation.signature', { id: entry.signatureId })})</>
      )}
      {entry.details && (
        <span data-testid="event-details">
          {' '}
          (
          {t('page.moderation.invalidation.counts', {
            signatures: entry.details.signatures,
            counted: entry.details.counted,
          })}
          {t('common.colon')} <InvalidationFilterText filter={entry.details.filter} />)
        </span>
      )}
      <RuleSubject action={entry.action} subject={entry.subject ?? null} locale={locale} />
    </>
  )
}

/**
 * What a rule change was about: the domain or network hash, or until when a
 * pause was set; for a redaction, the version's id.
 */
function RuleSubject({
  action,
  subject,
  locale,
}: {
  action: Entry['action']
  subject: string | null
  locale: string
}) {
  const { t } = useTranslation()
  if (action === 'signing_paused') {
    return (
      <>
        {' '}
        (
        {subject
          ? t('page.moderation.rules.pause.until', {
              date: formatDate(locale, subject, { dateStyle: 'medium', timeStyle: 'short' }),
            })
          : t('page.moderation.rules.pause.until_lifted')}
        )
      </>
    )
  }
  if (!subject) return null
  // A redacted version's id (#12): a number, not a name to copy.
  if (action === 'version_redacted') return <> ({subject})</>
  // A batch's id, said as one: "verified paper signatures (batch 3)", never a count.
  if (action === 'paper_verified' || action === 'paper_rejected') {
    return <> ({t('page.moderation.paper_batch', { id: subject })})</>
  }
  return (
    <>
      {' '}
      <code>{subject}</code>
    </>
  )
}
