import { Form } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { ownerNameOf } from '@app/shared/contact_consent.ts'

/**
 * The opt-in to be contacted by the petition's owner about it, off unless
 * ticked. Its sentence is the one the server stores with the signature, from
 * the same translation.
 */
export default function ContactConsentChoice({
  owner,
  checked,
  error,
  onChange,
}: {
  owner: { firstName: string; lastName: string | null }
  checked: boolean
  error?: string
  onChange: (value: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <Form.Group className="mb-3" controlId="field-contact-consent">
      <Form.Check
        type="checkbox"
        name="contactConsent"
        label={t('sources.sign.contact_consent', { owner: ownerNameOf(owner) })}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        isInvalid={Boolean(error)}
        aria-describedby="field-contact-consent-help"
        data-testid="contact-consent"
      />
      <Form.Text id="field-contact-consent-help" muted>
        {t('sources.sign.contact_consent_help')}
      </Form.Text>
    </Form.Group>
  )
}
