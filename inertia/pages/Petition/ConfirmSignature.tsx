import { Link, useForm } from '@inertiajs/react'
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap'
import AppLayout from '../../layouts/app_layout.tsx'
import MessagesDisplay from '../../components/messages_display.tsx'
import { useTranslation } from '../../i18n/context.tsx'
import { useSharedProps } from '../../lib/shared.ts'
import type { ConfirmSignatureProps } from '../../../app/types/props.ts'

/**
 * The page of a mailed confirmation link (decisions 1). Opening the link
 * confirms nothing: only the button, which posts to the same signed URL, does.
 */
export default function ConfirmSignature({
  confirmUrl,
  petition,
  alreadyConfirmed,
}: ConfirmSignatureProps) {
  const { t } = useTranslation()
  const { messages } = useSharedProps()
  const form = useForm({})

  const confirm = (event: React.FormEvent) => {
    event.preventDefault()
    if (confirmUrl) form.post(confirmUrl)
  }

  return (
    <AppLayout title={t('page.sign.confirm_page_title')} noindex>
      <Container className="page-section">
        <Row className="justify-content-center">
          <Col lg={7}>
            <h1 className="fw-bold mb-4">{t('page.sign.confirm_page_title')}</h1>
            <MessagesDisplay messages={messages} />
            {!confirmUrl || !petition ? (
              <Alert variant="danger" data-testid="confirm-invalid">
                <p>{t('page.sign.invalid_link')}</p>
                <Link href="/petitions">{t('page.sign.see_petitions')}</Link>
              </Alert>
            ) : (
              <Card className="shadow-sm">
                <Card.Body className="p-4">
                  {alreadyConfirmed ? (
                    <p data-testid="confirm-done">{t('page.sign.confirm_page_done')}</p>
                  ) : (
                    <form onSubmit={confirm}>
                      <p>{t('page.sign.confirm_page_text', { title: petition.title })}</p>
                      <Button
                        type="submit"
                        size="lg"
                        disabled={form.processing}
                        data-testid="confirm-signature"
                      >
                        {t('page.sign.confirm_button')}
                      </Button>
                    </form>
                  )}
                  <p className="mt-4 mb-0">
                    <Link href={`/petition/${petition.slug}`}>
                      {t('page.sign.back_to_petition')}
                    </Link>
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
