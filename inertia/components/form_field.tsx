import { Form } from 'react-bootstrap'
import type { ComponentProps } from 'react'

type FormFieldProps = ComponentProps<typeof Form.Control> & {
  name: string
  label: string
  error?: string
  hint?: string
  /** Ids of notes elsewhere on the page that describe the field, read after its error. */
  describedBy?: string
}

/** A labelled input with the server's error under it. */
export default function FormField({
  name,
  label,
  error,
  hint,
  id,
  describedBy,
  ...control
}: FormFieldProps) {
  const controlId = id ?? `field-${name}`
  const descriptions = [error ? `${controlId}-error` : null, describedBy].filter(Boolean)
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        isInvalid={Boolean(error)}
        aria-describedby={descriptions.length > 0 ? descriptions.join(' ') : undefined}
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
