import MailedLinkPage from '~/components/mailed_link_page.tsx'
import { Alert } from 'react-bootstrap'
import Flash from '~/components/flash.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { SignatureRemoval } from '@app/shared/petitions/own_signature.ts'

import { urlFor } from '~/client.ts'

type ConfirmSignatureProps = {
  /** Where the button posts: the signed link itself; null when the link is invalid or expired. */
  confirmUrl: string | null
  petition: { title: string; slug: string } | null
  alreadyConfirmed: boolean
  /** Moderators took this signature out of the counts: when, and their public reason. */
  removal: SignatureRemoval | null
}

/** The page of a mailed confirmation link: the button confirms the signature. */
export default function ConfirmSignature({
  confirmUrl,
  petition,
  alreadyConfirmed,
  removal,
}: ConfirmSignatureProps) {
  const { t, locale } = useTranslation()

  return (
    <MailedLinkPage
      title={t('page.sign.confirm_page_title')}
      actionUrl={petition ? confirmUrl : null}
      prompt={petition ? t('page.sign.confirm_page_text', { title: petition.title }) : ''}
      button={{ label: t('page.sign.confirm_button'), testId: 'confirm-signature' }}
      done={{
        when: alreadyConfirmed,
        text: t('page.sign.confirm_page_done'),
        testId: 'confirm-done',
      }}
      invalid={{
        text: t('page.sign.invalid_link'),
        testId: 'confirm-invalid',
        link: { href: urlFor('petitions.index'), label: t('page.sign.see_petitions') },
      }}
      back={{
        href: petition
          ? urlFor('petitions.show', { slug: petition.slug })
          : urlFor('petitions.index'),
        label: t('page.sign.back_to_petition'),
      }}
    >
      <Flash at="form" />
      {removal && petition && (
        <Alert variant="danger" data-testid="signature-removed">
          <p className="fw-semibold mb-1">
            {t('page.petition_page.removed_text', { date: formatDate(locale, removal.date) })}
          </p>
          <p className="mb-0 text-break">
            {t('page.petition_page.removed_reason', { reason: removal.reason })}
          </p>
        </Alert>
      )}
    </MailedLinkPage>
  )
}
