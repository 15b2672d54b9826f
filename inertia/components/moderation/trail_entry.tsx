import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

type Entry = Data.ModerationEvent

/** Who acted: the moderator's name as it was, or the command line in the page's language. */
export function ActorName({ entry }: { entry: Pick<Entry, 'actorId' | 'actorName'> }) {
  const { t } = useTranslation()
  return <>{entry.actorId === null ? t('page.moderation.command_line') : entry.actorName}</>
}

/** What was done, in the page's language, with the signature it was done to. */
export function EventText({ entry }: { entry: Pick<Entry, 'action' | 'signatureId'> }) {
  const { t } = useTranslation()
  return (
    <>
      {t(`page.moderation.events.${entry.action}`)}
      {entry.signatureId !== null && (
        <> ({t('page.moderation.signature', { id: entry.signatureId })})</>
      )}
    </>
  )
}
