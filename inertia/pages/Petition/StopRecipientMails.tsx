import MailedLinkPage from '~/components/mailed_link_page.tsx'
import Flash from '~/components/flash.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

type StopRecipientMailsProps = {
  /** Where the button posts: the signed link itself; null when the link names no delivery. */
  stopUrl: string | null
  delivery: Data.DecisionMakerLink | null
  /** The petition's mails to this address are stopped already. */
  stopped: boolean
}

/** The page of the link in a decision maker's mail that stops the petition's mails to them. */
export default function StopRecipientMails({
  stopUrl,
  delivery,
  stopped,
}: StopRecipientMailsProps) {
  const { t } = useTranslation()
  const petitionUrl = delivery?.petition.slug
    ? urlFor('petitions.show', { slug: delivery.petition.slug })
    : urlFor('petitions.index')
  return (
    <MailedLinkPage
      title={t('page.decision_stop.title')}
      actionUrl={stopUrl}
      summary={
        delivery && (
          <div className="mb-4" data-testid="decision-stop-summary">
            <h2 className="h4">{delivery.petition.title}</h2>
            <p className="mb-0">{t('page.decision_stop.about')}</p>
          </div>
        )
      }
      prompt={t('page.decision_stop.prompt')}
      button={{ label: t('page.decision_stop.button'), testId: 'decision-stop' }}
      done={{ when: stopped, text: t('page.decision_stop.done'), testId: 'decision-stop-done' }}
      invalid={{
        text: t('page.decision_stop.invalid_link'),
        testId: 'decision-stop-invalid',
        link: { href: urlFor('petitions.index'), label: t('page.sign.see_petitions') },
      }}
      back={{ href: petitionUrl, label: t('page.sign.back_to_petition') }}
    >
      <Flash at="form" />
    </MailedLinkPage>
  )
}
