import MailedLinkPage from '~/components/mailed_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { LinkIntent } from '@app/shared/newsletter.ts'
import { urlFor } from '~/client.ts'

type SubscriptionConfirmProps = {
  intent: LinkIntent
  /** Where the button posts: the signed link itself; null when the link is invalid or expired. */
  actionUrl: string | null
  /** The subscription is already confirmed (or already ended). */
  alreadyDone: boolean
}

/** The page of a mailed newsletter link: confirm, or end, the subscription. */
export default function SubscriptionConfirm({
  intent,
  actionUrl,
  alreadyDone,
}: SubscriptionConfirmProps) {
  const { t } = useTranslation()
  const key = (name: string) => `page.subscription.${intent}_page_${name}`
  const home = { href: urlFor('home'), label: t('page.subscription.back_home') }

  return (
    <MailedLinkPage
      title={t(key('title'))}
      actionUrl={actionUrl}
      prompt={t(key('text'))}
      button={{
        label: t(key('button')),
        variant: intent === 'subscribe' ? 'primary' : 'outline-danger',
        testId: 'subscription-action',
      }}
      done={{ when: alreadyDone, text: t(key('done')), testId: 'subscription-done' }}
      invalid={{
        text: t('page.subscription.invalid_link'),
        testId: 'subscription-invalid',
        link: home,
      }}
      back={home}
    />
  )
}
