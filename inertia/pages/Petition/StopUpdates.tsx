import MailedLinkPage from '~/components/mailed_link_page.tsx'
import Flash from '~/components/flash.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

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
  const petitionUrl = petition?.slug
    ? urlFor('petitions.show', { slug: petition.slug })
    : urlFor('petitions.index')

  return (
    <MailedLinkPage
      title={t('page.stop_updates.title')}
      actionUrl={petition ? stopUrl : null}
      summary={
        petition && (
          <div className="mb-4" data-testid="stop-updates-summary">
            <h2 className="h4">{petition.title}</h2>
            <p className="mb-0">{t('page.stop_updates.about', { title: petition.title })}</p>
          </div>
        )
      }
      prompt={t('page.stop_updates.prompt')}
      button={{ label: t('page.stop_updates.button'), testId: 'stop-updates' }}
      done={{ when: stopped, text: t('page.stop_updates.done'), testId: 'stop-updates-done' }}
      invalid={{
        text: t('page.stop_updates.invalid_link'),
        testId: 'stop-updates-invalid',
        link: { href: urlFor('petitions.index'), label: t('page.sign.see_petitions') },
      }}
      back={{ href: petitionUrl, label: t('page.sign.back_to_petition') }}
    >
      <Flash at="form" />
    </MailedLinkPage>
  )
}
