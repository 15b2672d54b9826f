import ReasonDialog from '~/components/moderation/reason_dialog.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/**
 * Redacting an earlier version of a petition's text, confirmed in a dialog
 * that says what it does (for good, in public too) with the reason shown in
 * the text's place; the server's error under the reason.
 */
export default function RedactVersionDialog({
  petitionId,
  versionId,
  onClose,
}: {
  petitionId: number
  /** The version to redact; null: the dialog is closed. */
  versionId: number | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <ReasonDialog
      id="redact"
      url={
        versionId === null
          ? null
          : urlFor('moderation.redact_version', { id: petitionId, version: versionId })
      }
      title={t('page.moderation.versions.redact_title')}
      intro={t('page.moderation.versions.redact_intro')}
      reasonLabel={t('page.moderation.versions.redact_reason')}
      confirm={t('page.moderation.versions.redact_confirm')}
      onClose={onClose}
    />
  )
}
