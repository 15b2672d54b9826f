import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Col, Form, Row } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'

/** What each form does to a domain: block it, or exempt it from the kept list. */
const FORMS = {
  block: {
    route: 'moderation.rules.domains.store',
    id: 'block-domain',
    label: 'page.moderation.rules.domains.domain',
    hint: 'page.moderation.rules.domains.hint',
    submit: 'page.moderation.rules.domains.block',
    variant: 'danger',
  },
  exempt: {
    route: 'moderation.rules.exemptions.store',
    id: 'exempt-domain',
    label: 'page.moderation.rules.exemptions.domain',
    hint: 'page.moderation.rules.exemptions.hint',
    submit: 'page.moderation.rules.exemptions.exempt',
    variant: 'primary',
  },
} as const

/**
 * A domain and why: blocked by the moderators (with its sub-domains), or
 * exempted from the kept list of disposable-mail domains. The server's
 * errors under each field; emptied for the next one once stored.
 */
export default function DomainRuleForm({ does }: { does: keyof typeof FORMS }) {
  const { t } = useTranslation()
  const settings = FORMS[does]
  const form = useForm({ domain: '', reason: '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(urlFor(settings.route), { preserveScroll: true, onSuccess: () => form.reset() })
  }
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="card card-body shadow-sm mb-3"
      data-testid={`${settings.id}-form`}
    >
      <Row className="g-3">
        <Col md={5}>
          <FormField
            {...bindText(form, 'domain')}
            id={settings.id}
            label={t(settings.label)}
            hint={t(settings.hint)}
            autoComplete="off"
          />
        </Col>
        <Col md={7}>
          <FormField
            {...bindText(form, 'reason')}
            id={`${settings.id}-reason`}
            label={t('page.moderation.rules.reason')}
          />
        </Col>
      </Row>
      <Button
        type="submit"
        variant={settings.variant}
        className="align-self-start"
        disabled={form.processing}
      >
        {t(settings.submit)}
      </Button>
    </Form>
  )
}
