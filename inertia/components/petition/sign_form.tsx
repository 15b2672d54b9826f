import { useEffect, useRef, useState } from 'react'
import { useForm } from '@inertiajs/react'
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import MessagesDisplay from '~/components/messages_display.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { bindText } from '~/lib/bind_text.ts'

export type SignFormProps = {
  petition: Data.PetitionShow
  canSignPetition: boolean
  whenISignedThisPetition: string | null
  turnstileKey: string | null
}

const CUSTOM_FIELD_DEBOUNCE_MS = 150

/**
 * The sign form at #sign-this-petition. A member signs with
 * their account's name and e-mail, which are locked. Once the viewer has
 * signed, the date they signed shows instead.
 */
export default function SignForm({
  petition,
  canSignPetition,
  whenISignedThisPetition,
  turnstileKey,
}: SignFormProps) {
  const { t, locale } = useTranslation()
  const { user, messages } = useSharedProps()
  const turnstile = useRef<TurnstileHandle>(null)
  const form = useForm({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    comment: '',
    private: false,
    support: true,
    wantsUpdates: false,
    customFields: petition.customFields.map((field) => ({ id: field.id, value: '' })),
    cfTurnstileResponse: '',
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      comment: petition.allowComments ? data.comment : null,
      support: petition.allowOpposite ? data.support : true,
    }))
    form.post(urlFor('signatures.store', { guid: petition.guid }), {
      preserveScroll: true,
      onSuccess: () => form.reset('comment', 'private', 'support', 'wantsUpdates', 'customFields'),
      onError: () => scrollToFirstError('#sign-this-petition'),
      onFinish: () => turnstile.current?.reset(),
    })
  }

  const setAnswer = (index: number, value: string) =>
    form.setData((data) => ({
      ...data,
      customFields: data.customFields.map((answer, position) =>
        position === index ? { ...answer, value } : answer
      ),
    }))

  let body: React.ReactNode
  if (whenISignedThisPetition) {
    const date = formatDate(locale, whenISignedThisPetition)
    body = (
      <Alert variant="success" data-testid="signed-on">
        {t('page.sign.signed_on', { date })}
      </Alert>
    )
  } else if (!canSignPetition) {
    body = <Alert variant="secondary">{t('page.sign.closed')}</Alert>
  } else {
    body = (
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <p className="text-muted">{t('page.sign.intro')}</p>
          <Form onSubmit={submit} noValidate data-testid="sign-form">
            <Row>
              <Col md={6}>
                <FormField
                  {...bindText(form, 'firstName')}
                  label={t('page.sign.first_name')}
                  readOnly={Boolean(user)}
                  hint={user ? t('page.sign.locked') : undefined}
                  autoComplete="given-name"
                />
              </Col>
              <Col md={6}>
                <FormField
                  {...bindText(form, 'lastName')}
                  label={t('page.sign.last_name')}
                  readOnly={Boolean(user?.lastName)}
                  autoComplete="family-name"
                />
              </Col>
            </Row>
            <FormField
              {...bindText(form, 'email')}
              type="email"
              label={t('page.sign.email')}
              readOnly={Boolean(user)}
              autoComplete="email"
            />
            {petition.allowComments && (
              <FormField
                {...bindText(form, 'comment')}
                as="textarea"
                rows={3}
                label={t('page.sign.comment')}
                hint={t('page.sign.comment_help')}
              />
            )}
            {petition.customFields.map((field, index) => (
              <CustomFieldInput
                key={field.id}
                field={field}
                index={index}
                value={form.data.customFields[index]?.value ?? ''}
                onChange={(value) => setAnswer(index, value)}
                error={(form.errors as Record<string, string>)[`customFields.${index}.value`]}
              />
            ))}
            <Form.Group className="mb-3" controlId="field-private">
              <Form.Check
                type="switch"
                name="private"
                label={t('page.sign.private')}
                checked={form.data.private}
                onChange={(event) => form.setData('private', event.target.checked)}
                isInvalid={Boolean(form.errors.private)}
              />
              <Form.Text muted>{t('page.sign.private_help')}</Form.Text>
            </Form.Group>
            <Form.Group className="mb-3" controlId="field-wants-updates">
              <Form.Check
                type="checkbox"
                name="wantsUpdates"
                label={t('page.sign.wants_updates')}
                checked={form.data.wantsUpdates}
                onChange={(event) => form.setData('wantsUpdates', event.target.checked)}
                isInvalid={Boolean(form.errors.wantsUpdates)}
                aria-describedby="field-wants-updates-help"
              />
              <Form.Text id="field-wants-updates-help" muted>
                {t('page.sign.wants_updates_help')}
              </Form.Text>
            </Form.Group>
            {petition.allowOpposite && (
              <Form.Group className="mb-3" controlId="field-support">
                <Form.Check
                  type="switch"
                  name="support"
                  label={form.data.support ? t('page.sign.support') : t('page.sign.oppose')}
                  checked={form.data.support}
                  onChange={(event) => form.setData('support', event.target.checked)}
                  isInvalid={Boolean(form.errors.support)}
                />
              </Form.Group>
            )}
            <Turnstile
              ref={turnstile}
              siteKey={turnstileKey}
              action="sign"
              onToken={(token) => form.setData('cfTurnstileResponse', token)}
              error={form.errors.cfTurnstileResponse}
            />
            <Button type="submit" size="lg" disabled={form.processing} data-testid="sign-submit">
              {form.processing ? t('page.sign.submitting') : t('page.sign.submit')}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    )
  }

  return (
    <section id="sign-this-petition" className="page-section">
      <h2 className="h3 fw-bold mb-3">{t('page.sign.title')}</h2>
      <MessagesDisplay messages={messages} />
      {body}
    </section>
  )
}

/**
 * One input per custom field: a line of text, or a number. It
 * reports its value 150 ms after the last keystroke.
 */
function CustomFieldInput({
  field,
  index,
  value,
  onChange,
  error,
}: {
  field: Data.PetitionShow['customFields'][number]
  index: number
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(value)
  const [reported, setReported] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // A reset from outside (after a successful sign) empties the input too.
  if (value !== reported) {
    setReported(value)
    setText(value)
  }
  useEffect(() => () => clearTimeout(timer.current ?? undefined), [])

  const change = (next: string) => {
    setText(next)
    clearTimeout(timer.current ?? undefined)
    timer.current = setTimeout(() => onChange(next), CUSTOM_FIELD_DEBOUNCE_MS)
  }

  return (
    <FormField
      name={`customFields.${index}.value`}
      id={`custom-field-${field.id}`}
      type={field.type === 'number' ? 'number' : 'text'}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      label={field.required ? `${field.title} (${t('page.sign.required')})` : field.title}
      hint={field.description ?? undefined}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={() => onChange(text)}
      error={error}
    />
  )
}
