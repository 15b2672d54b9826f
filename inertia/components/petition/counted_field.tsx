import { Form } from 'react-bootstrap'
import type { ComponentProps } from 'react'

type CountedFieldProps = ComponentProps<typeof Form.Control> & {
  name: string
  label: string
  limit: number
  value: string
  error?: string
}

/** A text field with the characters remaining; the counter turns red past the limit. */
export default function CountedField({
  name,
  label,
  limit,
  value,
  error,
  ...control
}: CountedFieldProps) {
  const remaining = limit - value.length
  return (
    <Form.Group className="mb-3" controlId={`field-${name}`}>
      <div className="d-flex justify-content-between align-items-end">
        <Form.Label>{label}</Form.Label>
        <small
          className={remaining < 0 ? 'text-danger fw-semibold' : 'text-muted'}
          data-counter-for={name}
        >
          {remaining}
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
