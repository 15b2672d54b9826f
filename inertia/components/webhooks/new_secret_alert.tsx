import { useState } from 'react'
import { Alert, Button } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/**
 * The secret of the endpoint just added, shown this once with a button that
 * copies it: the site keeps it only encrypted, to sign with.
 */
export default function NewSecretAlert({ secret }: { secret: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const copy = () =>
    navigator.clipboard?.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false)
    )
  return (
    <Alert variant="warning" className="mb-4" data-testid="webhook-secret">
      <Alert.Heading as="h2" className="h5">
        {t('webhooks.secret.title')}
      </Alert.Heading>
      <p>{t('webhooks.secret.text')}</p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <code
          className="user-select-all text-break text-dark bg-white border rounded px-2 py-1"
          data-testid="webhook-secret-value"
        >
          {secret}
        </code>
        <Button variant="outline-dark" size="sm" onClick={copy}>
          {t('webhooks.secret.copy')}
        </Button>
        <span aria-live="polite" className="small">
          {copied ? t('webhooks.secret.copied') : ''}
        </span>
      </div>
    </Alert>
  )
}
