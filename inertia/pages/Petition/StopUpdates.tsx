import PetitionLinkPage from '~/components/petition/petition_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'

type StopUpdatesProps = {
  /** Where the button posts: the signed link itself; null when the link names no signature. */
  stopUrl: string | null
  /** `slug` is null while the petition is not public. */
  petition: { title: string; slug: string | null } | null
  /** The signature gets no news already. */
  stopped: boolean
}

/** The page of the link in a petition's news mails: the button stops them. */
export default function StopUpdates({ stopUrl, petition, stopped }: StopUpdatesProps) {
  const { t } = useTranslation()

  return (
    <PetitionLinkPage
      title={t('page.stop_updates.title')}
      petitionSlug={petition?.slug}
      actionUrl={petition ? stopUrl : null}
      about={
        petition && {
          testId: 'stop-updates-summary',
          title: petition.title,
          children: (
            <p className="mb-0">{t('page.stop_updates.about', { title: petition.title })}</p>
          ),
        }
      }
      prompt={t('page.stop_updates.prompt')}
      button={{ label: t('page.stop_updates.button'), testId: 'stop-updates' }}
      done={{ when: stopped, text: t('page.stop_updates.done'), testId: 'stop-updates-done' }}
      invalid={{ text: t('page.stop_updates.invalid_link'), testId: 'stop-updates-invalid' }}
    />
  )
}
