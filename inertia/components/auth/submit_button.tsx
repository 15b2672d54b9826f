import { Button } from 'react-bootstrap'

/** The full-width submit button of an account form, disabled while it is sent. */
export default function SubmitButton({
  label,
  processing,
}: {
  label: string
  processing: boolean
}) {
  return (
    <div className="d-grid">
      <Button type="submit" size="lg" disabled={processing}>
        {label}
      </Button>
    </div>
  )
}
