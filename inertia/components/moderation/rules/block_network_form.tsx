import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Col, Form, Row } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'
import {
  NETWORK_BLOCK_DURATIONS,
  type NetworkBlockDuration,
} from '@app/shared/fraud/signing_rules.ts'

/** A network by its hash (or an address typed here, hashed by the server), for a while. */
export default function BlockNetworkForm({ network }: { network: string }) {
  const { t } = useTranslation()
  const form = useForm<{ network: string; duration: NetworkBlockDuration; reason: string }>({
    network,
    duration: '24h',
    reason: '',
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(urlFor('moderation.rules.networks.store'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="card card-body shadow-sm mb-3"
      data-testid="block-network-form"
    >
      <Row className="g-3">
        <Col md={5}>
          <FormField
            {...bindText(form, 'network')}
            id="block-network"
            label={t('page.moderation.rules.networks.network')}
            hint={t('page.moderation.rules.networks.hint')}
            autoComplete="off"
          />
        </Col>
        <Col md={3}>
          <Form.Group className="mb-3" controlId="block-network-duration">
            <Form.Label>{t('page.moderation.rules.networks.duration')}</Form.Label>
            <Form.Select
              name="duration"
              value={form.data.duration}
              isInvalid={Boolean(form.errors.duration)}
              onChange={(event) =>
                form.setData('duration', event.target.value as NetworkBlockDuration)
              }
            >
              {NETWORK_BLOCK_DURATIONS.map((duration) => (
                <option key={duration} value={duration}>
                  {t(`page.moderation.rules.durations.${duration}`)}
                </option>
              ))}
            </Form.Select>
            {form.errors.duration && (
              <Form.Control.Feedback type="invalid">{form.errors.duration}</Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col md={4}>
          <FormField
            {...bindText(form, 'reason')}
            id="block-network-reason"
            label={t('page.moderation.rules.reason')}
          />
        </Col>
      </Row>
      <Button
        type="submit"
        variant="danger"
        className="align-self-start"
        disabled={form.processing}
      >
        {t('page.moderation.rules.networks.block')}
      </Button>
    </Form>
  )
}
