import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Form, InputGroup } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/** What the server flashed once: the value of the token just made. */
export type NewApiTokenProps = { id: number; name: string; value: string }

/**
 * The token just made, shown this once: its value to copy, and the warning
 * that it will not be shown again. It takes the focus when it appears, so
 * that a keyboard or screen reader user lands on it.
 */
export default function NewApiToken({ token }: { token: NewApiTokenProps }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  const field = useRef<HTMLInputElement>(null)
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    heading.current?.focus()
  }, [token.id])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.value)
      setCopyState('copied')
    } catch {
      field.current?.select()
      setCopyState('failed')
    }
  }

  return (
    <Alert variant="success" data-testid="new-api-token" className="mb-4">
      <h3 className="h5" tabIndex={-1} ref={heading} id="new-api-token-title">
        {t('tokens.new_token.title', { name: token.name })}
      </h3>
      <p className="fw-semibold" id="new-api-token-warning">
        {t('tokens.new_token.warning')}
      </p>
      <Form.Label htmlFor="new-api-token-value">{t('tokens.new_token.label')}</Form.Label>
      <InputGroup>
        <Form.Control
          id="new-api-token-value"
          ref={field}
          readOnly
          value={token.value}
          className="font-monospace"
          aria-describedby="new-api-token-warning"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="new-api-token-value"
        />
        <Button variant="success" onClick={copy} data-testid="new-api-token-copy">
          {t('tokens.new_token.copy')}
        </Button>
      </InputGroup>
      <p className="small mt-2 mb-0" role="status">
        {copyState === 'copied' && t('tokens.new_token.copied')}
        {copyState === 'failed' && t('tokens.new_token.copy_failed')}
      </p>
    </Alert>
  )
}
