import { useForm } from '@inertiajs/react'
import { Button, Card } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'
import type { OwnSignature } from '@app/shared/petitions/own_signature.ts'

/**
 * A signature waiting for its mailed link: where the link went (the
 * viewer's own address: the server tells it to this browser or this member
 * only), "Send it again", and for a guest "Wrong address?", which withdraws
 * it so that they can sign again.
 */
export default function PendingSignature({
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
