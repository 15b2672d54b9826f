import PetitionLinkPage from '~/components/petition/petition_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
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
  return (
    <PetitionLinkPage
      title={t('page.decision_stop.title')}
      petitionSlug={delivery?.petition.slug}
      actionUrl={stopUrl}
      about={
        delivery && {
          testId: 'decision-stop-summary',
          title: delivery.petition.title,
          children: <p className="mb-0">{t('page.decision_stop.about')}</p>,
        }
      }
      prompt={t('page.decision_stop.prompt')}
      button={{ label: t('page.decision_stop.button'), testId: 'decision-stop' }}
      done={{ when: stopped, text: t('page.decision_stop.done'), testId: 'decision-stop-done' }}
      invalid={{ text: t('page.decision_stop.invalid_link'), testId: 'decision-stop-invalid' }}
    />
  )
}
