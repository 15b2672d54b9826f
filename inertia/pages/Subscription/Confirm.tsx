import { Link, useForm } from '@inertiajs/react'
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap'
import AppLayout from '../../layouts/app_layout.tsx'
import { useTranslation } from '../../i18n/context.tsx'
import type { SubscriptionConfirmProps } from '../../../app/types/props.ts'

/**
 * The page of a mailed newsletter link. Opening the link changes nothing:
 * only the button, which posts to the same signed URL, confirms or ends the
 * subscription, so that mail scanners cannot do it for the reader.
 */
export default function SubscriptionConfirm({
  intent,
  actionUrl,
  alreadyDone,
}: SubscriptionConfirmProps) {
  const { t } = useTranslation()
  const form = useForm({})
  const key = (name: string) => `page.subscription.${intent}_page_${name}`

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (actionUrl) form.post(actionUrl)
  }

  return (
    <AppLayout title={t(key('title'))} noindex>
      <Container className="page-section">
        <Row className="justify-content-center">
          <Col lg={7}>
            <h1 className="fw-bold mb-4">{t(key('title'))}</h1>
            {!actionUrl ? (
              <Alert variant="danger" data-testid="subscription-invalid">
                <p>{t('page.subscription.invalid_link')}</p>
                <Link href="/">{t('page.subscription.back_home')}</Link>
              </Alert>
            ) : (
              <Card className="shadow-sm">
                <Card.Body className="p-4">
                  {alreadyDone ? (
                    <p data-testid="subscription-done">{t(key('done'))}</p>
                  ) : (
                    <form onSubmit={submit}>
                      <p>{t(key('text'))}</p>
                      <Button
                        type="submit"
                        size="lg"
                        variant={intent === 'subscribe' ? 'primary' : 'outline-danger'}
                        disabled={form.processing}
                        data-testid="subscription-action"
                      >
                        {t(key('button'))}
                      </Button>
                    </form>
                  )}
                  <p className="mt-4 mb-0">
                    <Link href="/">{t('page.subscription.back_home')}</Link>
                  </p>
                </Card.Body>
              </Card>
            )}
          </Col>
        </Row>
      </Container>
    </AppLayout>
  )
}
