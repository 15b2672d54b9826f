import MailedLinkPage from '~/components/mailed_link_page.tsx'
import Flash from '~/components/flash.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'

type WithdrawSignatureProps = {
  /** Where the button posts: the signed link itself; null when the link names no signature. */
  withdrawUrl: string | null
  /** `slug` is null once the petition is no longer published. */
  petition: { title: string; target: string; slug: string | null } | null
  signature: { firstName: string; signedAt: string; confirmed: boolean } | null
}

/** The page of a mailed withdraw link: the button deletes the signature. */
export default function WithdrawSignature({
  withdrawUrl,
  petition,
  signature,
}: WithdrawSignatureProps) {
  const { t, locale } = useTranslation()
  const petitionUrl = petition?.slug
    ? urlFor('petitions.show', { slug: petition.slug })
    : urlFor('petitions.index')

  return (
    <MailedLinkPage
      title={t('page.withdraw.title')}
      actionUrl={petition && signature ? withdrawUrl : null}
      summary={
        petition &&
        signature && (
          <div className="mb-4" data-testid="withdraw-summary">
            <h2 className="h4">{petition.title}</h2>
            <p className="text-muted">{petition.target}</p>
            <p className="mb-0">
              {t(signature.confirmed ? 'page.withdraw.signed_on' : 'page.withdraw.unconfirmed_on', {
                name: signature.firstName,
                date: formatDate(locale, signature.signedAt),
              })}
            </p>
          </div>
        )
      }
      prompt={t('page.withdraw.prompt')}
      button={{ label: t('page.withdraw.button'), variant: 'danger', testId: 'withdraw-signature' }}
      invalid={{
        text: t('page.withdraw.invalid_link'),
        testId: 'withdraw-invalid',
        link: { href: urlFor('petitions.index'), label: t('page.sign.see_petitions') },
      }}
      back={{ href: petitionUrl, label: t('page.sign.back_to_petition') }}
    >
      <Flash at="form" />
    </MailedLinkPage>
  )
}
