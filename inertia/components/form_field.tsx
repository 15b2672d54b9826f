import { Form } from 'react-bootstrap'
import type { ComponentProps } from 'react'

type FormFieldProps = ComponentProps<typeof Form.Control> & {
  name: string
  label: string
  error?: string
  hint?: string
}

/** A labelled input with the server's error under it. */
export default function FormField({ name, label, error, hint, id, ...control }: FormFieldProps) {
  const controlId = id ?? `field-${name}`
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${controlId}-error` : undefined}
        {...control}
      />
      {hint && !error && <Form.Text muted>{hint}</Form.Text>}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${controlId}-error`} data-error-for={name}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  )
}
