import { Badge } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import type { PaperBatchStatus } from '@app/shared/petitions/paper.ts'

const VARIANTS: Record<PaperBatchStatus, string> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
}

/** Whether a batch of paper signatures waits, counts, or was rejected. */
export default function PaperBatchStatusBadge({ status }: { status: PaperBatchStatus }) {
  const { t } = useTranslation()
  return (
    <Badge
      bg={VARIANTS[status]}
      text={status === 'pending' ? 'dark' : undefined}
      data-testid="paper-batch-status"
    >
      {t(`page.paper.status.${status}`)}
    </Badge>
  )
}
