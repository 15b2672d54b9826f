import { Form } from 'react-bootstrap'
import type { ComponentProps } from 'react'
import { useTranslation } from '~/i18n/context.tsx'

type CountedFieldProps = ComponentProps<typeof Form.Control> & {
  name: string
  label: string
  limit: number
  value: string
  error?: string
}

/**
 * A text field with its counter, "12 / 128" (characters typed of the
 * limit, numbers in the page's language); the counter turns red past the limit.
 */
export default function CountedField({
  name,
  label,
  limit,
  value,
  error,
  ...control
}: CountedFieldProps) {
  const { t, locale } = useTranslation()
  const count = value.length
  const number = new Intl.NumberFormat(locale)
  return (
    <Form.Group className="mb-3" controlId={`field-${name}`}>
      <div className="d-flex justify-content-between align-items-end gap-2">
        <Form.Label>{label}</Form.Label>
        <small
          className={`text-nowrap mb-2 ${count > limit ? 'text-danger fw-semibold' : 'text-muted'}`}
        >
          <span aria-hidden="true" data-counter-for={name}>
            {`${number.format(count)} / ${number.format(limit)}`}
          </span>
          <span className="visually-hidden">
            {t('page.petition_guide.counter', { count, limit })}
          </span>
        </small>
      </div>
      <Form.Control name={name} value={value} isInvalid={Boolean(error)} {...control} />
      {error && (
        <Form.Control.Feedback type="invalid" data-error-for={name}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  )
}
