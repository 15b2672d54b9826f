import { Alert } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/** On a moderator's own petition: they may look, another moderator decides. */
export default function OwnCaseNote() {
  const { t } = useTranslation()
  return (
    <Alert variant="info" className="mb-3" data-testid="own-petition">
      {t('page.moderation.own_petition')}
    </Alert>
  )
}
