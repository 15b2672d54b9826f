import { Form } from 'react-bootstrap'

/** A picture to upload (PNG or JPEG), labelled, with the server's error under it. */
export default function PhotoField({
  id,
  label,
  hint,
  error,
  required,
  inputKey,
  onChange,
}: {
  id: string
  label: string
  hint: string
  error?: string
  required?: boolean
  /** Changed after a successful send: a fresh, empty input. */
  inputKey: number
  onChange: (file: File | null) => void
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        key={inputKey}
        type="file"
        name="photo"
        accept="image/png,image/jpeg"
        required={required}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          const input = event.target as HTMLInputElement
          onChange(input.files?.[0] ?? null)
        }}
      />
      {error ? (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} data-error-for="photo">
          {error}
        </Form.Control.Feedback>
      ) : (
        <Form.Text muted id={`${id}-hint`}>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  )
}
