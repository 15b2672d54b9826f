import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import { Alert, Button, Col, Form, Row } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'

/** The answer to "is this domain on the kept list?": on it, and exempted by the moderators or not. */
export type KeptListCheck = { domain: string; listed: boolean; exempted: boolean }

/** Whether a domain is on the kept list: asked by GET, the answer on the page. */
export default function KeptListCheckForm({ check }: { check: KeptListCheck | null }) {
  const { t } = useTranslation()
  const form = useForm({ check: check?.domain ?? '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.get(urlFor('moderation.rules'), { preserveScroll: true, preserveState: true })
  }
  const answer = check && (check.exempted ? 'exempted' : check.listed ? 'listed' : 'not_listed')
  return (
    <Form
      method="get"
      action={urlFor('moderation.rules')}
      onSubmit={submit}
      noValidate
      className="card card-body shadow-sm mb-3"
      data-testid="check-domain-form"
    >
      <Row className="g-3 align-items-start">
        <Col md={6}>
          <FormField
            {...bindText(form, 'check')}
            id="check-domain"
            label={t('page.moderation.rules.kept.check_label')}
            autoComplete="off"
          />
        </Col>
        <Col md="auto" className="pt-md-4 mt-md-2">
          <Button type="submit" variant="outline-secondary" disabled={form.processing}>
            {t('page.moderation.rules.kept.check')}
          </Button>
        </Col>
      </Row>
      {check && answer && (
        <Alert
          variant={answer === 'listed' ? 'warning' : 'light'}
          role="status"
          data-testid="check-answer"
          className="border mb-0"
        >
          {t(`page.moderation.rules.kept.${answer}`, { domain: check.domain })}
        </Alert>
      )}
    </Form>
  )
}
