import { useForm } from '@inertiajs/react'
import { Alert, Button, Card } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import ShareWidget from '~/components/petition/show/share_widget.tsx'
import PetitionCount from '~/components/petition/show/petition_count.tsx'
import type { OwnSignature } from '@app/shared/petitions/own_signature.ts'

/**
 * A signature waiting for its mailed link: where the link went (the
 * viewer's own address: the server tells it to this browser or this member
 * only), "Send it again", and for a guest "Wrong address?", which withdraws
 * it so that they can sign again.
 */
export function PendingSignature({
  guid,
  signature,
}: {
  guid: string
  signature: Extract<OwnSignature, { status: 'pending' }>
}) {
  const { t } = useTranslation()
  const action = useForm({})
  const post = (route: 'signatures.resend' | 'signatures.discard') =>
    action.post(urlFor(route, { guid }), { preserveScroll: true })
  return (
    <Card className="border-warning" data-testid="signature-pending">
      <Card.Body>
        <p className="fw-semibold">{t('page.petition_page.waiting', { email: signature.email })}</p>
        <p className="small">{t('page.petition_page.waiting_help')}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="primary"
            disabled={action.processing}
            onClick={() => post('signatures.resend')}
            data-testid="send-again"
          >
            {t('page.petition_page.send_again')}
          </Button>
          {signature.guest && (
            <Button
              variant="outline-secondary"
              disabled={action.processing}
              onClick={() => post('signatures.discard')}
              aria-describedby="wrong-address-help"
              data-testid="wrong-address"
            >
              {t('page.petition_page.wrong_address')}
            </Button>
          )}
        </div>
        {signature.guest && (
          <p id="wrong-address-help" className="small text-muted mt-2 mb-0">
            {t('page.petition_page.wrong_address_help')}
          </p>
        )}
      </Card.Body>
    </Card>
  )
}

/**
 * A confirmed signature, the same for every signer: the petition's count,
 * what is still needed, and ways to share. It never says that the
 * signature counts: a rule may have stopped it, and the page tells neither
 * that nor anything false.
 */
export function ConfirmedSignature({
  petition,
  signedAt,
}: {
  petition: Data.PetitionShow
  signedAt: string | null
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
      </Card.Body>
    </Card>
  )
}

/**
 * A signature that moderators took out of the count: it says so, with
 * their date and reason (public on the page anyway), and the count it is
 * not part of.
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
      </Card.Body>
    </Card>
  )
}
