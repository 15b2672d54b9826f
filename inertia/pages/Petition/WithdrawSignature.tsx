import PetitionLinkPage from '~/components/petition/petition_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'

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

  return (
    <PetitionLinkPage
      title={t('page.withdraw.title')}
      petitionSlug={petition?.slug}
      actionUrl={petition && signature ? withdrawUrl : null}
      about={
        petition &&
        signature && {
          testId: 'withdraw-summary',
          title: petition.title,
          children: (
            <>
              <p className="text-muted">{petition.target}</p>
              <p className="mb-0">
                {t(
                  signature.confirmed ? 'page.withdraw.signed_on' : 'page.withdraw.unconfirmed_on',
                  {
                    name: signature.firstName,
                    date: formatDate(locale, signature.signedAt),
                  }
                )}
              </p>
            </>
          ),
        }
      }
      prompt={t('page.withdraw.prompt')}
      button={{ label: t('page.withdraw.button'), variant: 'danger', testId: 'withdraw-signature' }}
      invalid={{ text: t('page.withdraw.invalid_link'), testId: 'withdraw-invalid' }}
    />
  )
}
