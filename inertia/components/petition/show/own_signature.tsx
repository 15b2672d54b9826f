import { Alert, Card } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import ShareWidget from '~/components/petition/show/share_widget.tsx'
import PetitionCount from '~/components/petition/show/petition_count.tsx'
import type { OwnSignature } from '@app/shared/petitions/own_signature.ts'
import SignatureReceipt from '~/components/petition/show/signature_receipt.tsx'

/**
 * A confirmed signature, the same for every signer: the petition's count,
 * what is still needed, ways to share, and the signer's receipt once the
 * log has it. It never says that the signature counts: a rule may have
 * stopped it, and the page tells neither that nor anything false.
 */
export function ConfirmedSignature({
  petition,
  signedAt,
  signature,
  justConfirmed = false,
}: {
  petition: Data.PetitionShow
  signedAt: string | null
  signature: Extract<OwnSignature, { status: 'confirmed' }>
  /** Just confirmed: its receipt is on its way to the log. */
  justConfirmed?: boolean
}) {
  const { t, locale } = useTranslation()
  const { appUrl } = useSharedProps()
  return (
    <Card className="border-success" data-testid="signature-counts">
      <Card.Body>
        <PetitionCount
          petition={petition}
          className="fw-semibold mb-1"
          detailClassName="small text-muted mb-1"
          testId="counted-total"
        />
        <p data-testid="still-needed">
          {petition.neededSignatures > 0
            ? t('page.petition_page.still_needed', { count: petition.neededSignatures })
            : t('page.petition_page.target_reached')}
        </p>
        {signedAt && (
          <p className="small text-muted" data-testid="signed-on">
            {t('page.sign.signed_on', { date: formatDate(locale, signedAt) })}
          </p>
        )}
        <p className="mb-2">{t('page.petition_page.share_ask')}</p>
        <ShareWidget
          url={`${appUrl}${urlFor('petitions.show', { slug: petition.slug })}`}
          title={petition.title}
          slug={petition.slug}
          only={['whatsapp', 'telegram', 'facebook', 'x', 'email']}
        />
        <SignatureReceipt receipt={signature.receipt} awaited={justConfirmed} />
      </Card.Body>
    </Card>
  )
}

/**
 * A signature that moderators took out of the count: it says so, with
 * their date and reason (public on the page anyway), the count it is
 * not part of, and its receipt (the log shows the removal too).
 */
export function RemovedSignature({
  petition,
  signature,
}: {
  petition: Data.PetitionShow
  signature: Extract<OwnSignature, { status: 'removed' }>
}) {
  const { t, locale } = useTranslation()
  return (
    <Card className="border-danger" data-testid="signature-removed">
      <Card.Body>
        <Alert variant="danger" className="mb-3">
          <p className="fw-semibold mb-1">
            {t('page.petition_page.removed_text', {
              date: formatDate(locale, signature.date),
            })}
          </p>
          <p className="mb-0 text-break" data-testid="removal-reason">
            {t('page.petition_page.removed_reason', { reason: signature.reason })}
          </p>
        </Alert>
        <PetitionCount
          petition={petition}
          className="fw-semibold mb-1"
          detailClassName="small text-muted mb-1"
          testId="counted-total"
        />
        <SignatureReceipt receipt={signature.receipt} />
      </Card.Body>
    </Card>
  )
}
