import { lazy, Suspense } from 'react'
import { Alert, Button, Card, Col, Container, Form, Row } from 'react-bootstrap'
import { Link, useForm } from '@inertiajs/react'
import AppLayout from '~/layouts/app_layout.tsx'
import Flash from '~/components/flash.tsx'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useHydrated } from '~/lib/use_hydrated.ts'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'
import { LIMITS } from '@app/shared/petitions/constants.ts'

/** The rich-text editor (TipTap) is loaded in the browser only, once the page is there. */
const DescriptionEditor = lazy(() => import('~/components/petition/description_editor.tsx'))

type AnswerProps = {
  /** Where the form posts: the signed link itself; null unless the link may still answer. */
  answerUrl: string | null
  /** open: the form; answered: the link was used; unavailable: the petition is not public; invalid: no such link. */
  state: 'open' | 'answered' | 'unavailable' | 'invalid'
  delivery: Data.DecisionMakerLink | null
}

/**
 * The page of the link a decision maker gets by mail at a milestone: they
 * answer the petition in public, without an account, with their name and
 * role. The answer is published as a response written from their address.
 */
export default function Answer({ answerUrl, state, delivery }: AnswerProps) {
  const { t, locale } = useTranslation()
  const hydrated = useHydrated()
  const form = useForm({
    responder: delivery?.recipient.name ?? '',
    responderRole: delivery?.recipient.role ?? '',
    body: '',
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (answerUrl) form.post(answerUrl)
  }
  const petitionUrl = delivery?.petition.slug
    ? urlFor('petitions.show', { slug: delivery.petition.slug })
    : urlFor('petitions.index')

  return (
    <AppLayout title={t('page.decision_answer.title')} noindex>
      <Container className="page-section">
        <Row className="justify-content-center">
          <Col lg={8}>
            <h1 className="fw-bold mb-4">{t('page.decision_answer.title')}</h1>
            <Flash at="form" />
            {delivery && (
              <div className="mb-4" data-testid="answer-petition">
                <h2 className="h4">{delivery.petition.title}</h2>
                <p className="mb-1">{delivery.petition.target}</p>
                <p className="text-muted small mb-0">
                  {t('page.decision_answer.about', {
                    milestone: new Intl.NumberFormat(locale).format(delivery.milestone),
                  })}
                </p>
              </div>
            )}
            {state === 'open' && answerUrl ? (
              <Card className="shadow-sm">
                <Card.Body className="p-4">
                  <Form onSubmit={submit} noValidate data-testid="answer-form">
                    <p>{t('page.decision_answer.intro')}</p>
                    <FormField
                      {...bindText(form, 'responder')}
                      id="answer-responder"
                      maxLength={LIMITS.responder}
                      autoComplete="name"
                      label={t('page.decision_answer.responder')}
                    />
                    <FormField
                      {...bindText(form, 'responderRole')}
                      id="answer-role"
                      maxLength={LIMITS.responderRole}
                      autoComplete="organization-title"
                      label={t('page.decision_answer.role')}
                      hint={t('page.decision_answer.role_hint')}
                    />
                    {hydrated ? (
                      <Suspense
                        fallback={
                          <p className="text-muted small">{t('page.response.loading_editor')}</p>
                        }
                      >
                        <DescriptionEditor
                          name="body"
                          label={t('page.decision_answer.body')}
                          value={form.data.body}
                          error={form.errors.body}
                          onChange={(html) => form.setData('body', html)}
                        />
                      </Suspense>
                    ) : (
                      <p className="text-muted small">{t('page.response.loading_editor')}</p>
                    )}
                    <p className="small text-muted">{t('page.decision_answer.public_note')}</p>
                    <Button
                      type="submit"
                      size="lg"
                      disabled={form.processing}
                      data-testid="answer-publish"
                    >
                      {t('page.decision_answer.publish')}
                    </Button>
                  </Form>
                </Card.Body>
              </Card>
            ) : (
              <Alert
                variant={state === 'answered' ? 'info' : 'danger'}
                data-testid={`answer-${state}`}
              >
                <p>{t(`page.decision_answer.${state}`)}</p>
                <Link href={petitionUrl}>
                  {delivery?.petition.slug
                    ? t('page.sign.back_to_petition')
                    : t('page.sign.see_petitions')}
                </Link>
              </Alert>
            )}
          </Col>
        </Row>
      </Container>
    </AppLayout>
  )
}
