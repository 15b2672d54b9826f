import { Form } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { WHO_SEES } from '~/components/petition/sign/who_sees_what.tsx'

type Choice = 'private' | 'wantsUpdates'

/**
 * The signer's two choices: to sign anonymously (described by what it
 * changes in the note of who sees what) and to be mailed the petition's
 * news.
 */
export default function SignerChoices({
  values,
  errors,
  onChange,
}: {
  values: Record<Choice, boolean>
  errors: Partial<Record<Choice, string>>
  onChange: (choice: Choice, value: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <Form.Group className="mb-3" controlId="field-private">
        <Form.Check
          type="switch"
          name="private"
          label={t('page.sign.private')}
          checked={values.private}
          onChange={(event) => onChange('private', event.target.checked)}
          isInvalid={Boolean(errors.private)}
          aria-describedby={`field-private-help ${WHO_SEES.everyone} ${WHO_SEES.handed}`}
        />
        <Form.Text id="field-private-help" muted>
          {t('page.sign.private_help')}
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="field-wants-updates">
        <Form.Check
          type="checkbox"
          name="wantsUpdates"
          label={t('page.sign.wants_updates')}
          checked={values.wantsUpdates}
          onChange={(event) => onChange('wantsUpdates', event.target.checked)}
          isInvalid={Boolean(errors.wantsUpdates)}
          aria-describedby="field-wants-updates-help"
        />
        <Form.Text id="field-wants-updates-help" muted>
          {t('page.sign.wants_updates_help')}
        </Form.Text>
      </Form.Group>
    </>
  )
}
