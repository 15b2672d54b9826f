import { Form } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { ownerNameOf } from '@app/shared/contact_consent.ts'

/** Where the opt-in's explanation is: in the folded part of the note of who sees what. */
export const CONTACT_CONSENT_HELP = 'field-contact-consent-help'

/**
 * The opt-in to be contacted by the petition's owner about it, off unless
 * ticked. Its sentence is the one the server stores with the signature, from
 * the same translation. One line and no help under it, so that the whole
 * form still fits a laptop's screen; the note of who sees what explains it.
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
    <Form.Group className="mb-2" controlId="field-contact-consent">
      <Form.Check
        type="checkbox"
        name="contactConsent"
        label={t('sources.sign.contact_consent', { owner: ownerNameOf(owner) })}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        isInvalid={Boolean(error)}
        aria-describedby={CONTACT_CONSENT_HELP}
        data-testid="contact-consent"
      />
    </Form.Group>
  )
}
