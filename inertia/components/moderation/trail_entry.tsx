import { useTranslation } from '~/i18n/context.tsx'
import InvalidationFilterText from '~/components/moderation/invalidation_filter_text.tsx'
import type { Data } from '@generated/data'

type Entry = Data.ModerationEvent

/** Who acted: the moderator's name as it was, or the command line in the page's language. */
export function ActorName({ entry }: { entry: Pick<Entry, 'actorId' | 'actorName'> }) {
  const { t } = useTranslation()
  return <>{entry.actorId === null ? t('page.moderation.command_line') : entry.actorName}</>
}

/**
 * What was done, in the page's language, with the signature it was done to,
 * or the filter and counts of a bulk invalidation (or of its undoing).
 */
export function EventText({ entry }: { entry: Pick<Entry, 'action' | 'signatureId' | 'details'> }) {
  const { t } = useTranslation()
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
          : <InvalidationFilterText filter={entry.details.filter} />)
        </span>
      )}
    </>
  )
}
