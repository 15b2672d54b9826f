import { useTranslation } from '~/i18n/context.tsx'
import { onlineSupport } from '@app/shared/petitions/paper.ts'

/**
 * "1,234 online + 500 on paper = 1,734", for the owner's count of a
 * petition with verified paper signatures (its page says it through
 * `PetitionCount`).
 */
export default function PaperSplit({
  petition,
  className,
}: {
  petition: { supportCount: number; paperCount: number }
  className?: string
}) {
  const { t } = useTranslation()
  if (petition.paperCount <= 0) return null
  return (
    <p className={`small text-muted ${className ?? ''}`} data-testid="paper-split">
      {t('page.paper.split', {
        online: onlineSupport(petition),
        paper: petition.paperCount,
        total: petition.supportCount,
      })}
    </p>
  )
}
