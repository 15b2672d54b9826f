import { useEffect, useState } from 'react'
import { Button, Container, Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { urlFor } from '~/client.ts'
import { useTranslation } from '~/i18n/context.tsx'
import ReceiptResult from '~/components/log/receipt_result.tsx'
import { useReceiptCheck, type CheckRequest } from '~/lib/use_receipt_check.ts'

/** The receipt in the address's fragment (after #), which browsers never send. */
function receiptInAddress() {
  const hash = window.location.hash.slice(1)
  try {
    return decodeURIComponent(hash).trim()
  } catch {
    return hash.trim()
  }
}

/**
 * Checks a signer's receipt in the browser against the signed transparency
 * log: the receipt comes from the address's fragment or the field, and
 * never reaches the server; the page asks only for public parts of the log.
 */
export default function Verify() {
  const { t } = useTranslation()
  const [request, setRequest] = useState<CheckRequest | null>(null)
  const [typed, setTyped] = useState('')
  const state = useReceiptCheck(request)

  // The fragment is the browser's alone: read once hydrated, and whenever it changes.
  useEffect(() => {
    const fromAddress = () => {
      const receipt = receiptInAddress()
      setTyped(receipt)
      setRequest((previous) => (receipt ? { receipt, run: (previous?.run ?? 0) + 1 } : null))
    }
    fromAddress()
    window.addEventListener('hashchange', fromAddress)
    return () => window.removeEventListener('hashchange', fromAddress)
  }, [])

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const receipt = typed.trim()
    // Replaced in place: Inertia keeps its page state, and the link can be kept.
    window.history.replaceState(window.history.state, '', `#${receipt}`)
    setRequest((previous) => ({ receipt, run: (previous?.run ?? 0) + 1 }))
  }
  const retry = () => setRequest((previous) => previous && { ...previous, run: previous.run + 1 })
  const malformed = state.check?.state === 'malformed'

  return (
    <AppLayout title={t('page.verify.title')} path={urlFor('log.verify')}>
      <Container className="page-section">
        <h1 className="fw-bold">{t('page.verify.title')}</h1>
        <p className="lead">{t('page.verify.intro')}</p>

        <Form onSubmit={submit} noValidate className="mb-4" data-testid="verify-form">
          <Form.Group controlId="receipt" className="mb-2">
            <Form.Label>{t('page.verify.receipt_label')}</Form.Label>
            <Form.Control
              name="receipt"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className="font-monospace"
              isInvalid={malformed}
              aria-describedby={malformed ? 'receipt-hint receipt-error' : 'receipt-hint'}
            />
            <Form.Text id="receipt-hint" muted>
              {t('page.verify.receipt_hint')}
            </Form.Text>
            {malformed && (
              <Form.Control.Feedback type="invalid" id="receipt-error">
                {t('page.verify.malformed')}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Button type="submit" data-testid="verify-submit">
            {t('page.verify.check')}
          </Button>
        </Form>

        <section aria-labelledby="verify-result-title" className="mb-5">
          <h2 id="verify-result-title" className="h4">
            {t('page.verify.result_title')}
          </h2>
          <ReceiptResult state={state} onRetry={retry} />
        </section>

        <section aria-labelledby="verify-how-title">
          <h2 id="verify-how-title" className="h4">
            {t('page.verify.how_title')}
          </h2>
          <ol>
            <li>{t('page.verify.how_head')}</li>
            <li>{t('page.verify.how_leaf')}</li>
            <li>{t('page.verify.how_proof')}</li>
            <li>{t('page.verify.how_later')}</li>
          </ol>
          <p>{t('page.verify.how_private')}</p>
        </section>
      </Container>
    </AppLayout>
  )
}
