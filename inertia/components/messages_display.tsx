import { Alert } from 'react-bootstrap'
import type { AlertKind, SharedProps } from '~/types.ts'

const VARIANTS: Record<AlertKind, string> = {
  error: 'danger',
  success: 'success',
  info: 'info',
  warning: 'warning',
}

/**
 * The messages box above a form: the four kinds of alert and a
 * list of errors. Texts come from the translation files but may carry what a
 * visitor typed (their e-mail address), so they are rendered as text.
 */
export default function MessagesDisplay({ messages }: { messages: SharedProps['messages'] }) {
  const kinds = (Object.keys(VARIANTS) as AlertKind[]).filter((kind) => messages[kind])
  if (kinds.length === 0 && messages.errors.length === 0) return null
  return (
    <div className="messages-display" data-testid="messages">
      {kinds.map((kind) => (
        <Alert key={kind} variant={VARIANTS[kind]}>
          <span>{messages[kind]}</span>
        </Alert>
      ))}
      {messages.errors.length > 0 && (
        <Alert variant="danger">
          <ul className="mb-0">
            {messages.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}
