import { useTranslation } from '~/i18n/context.tsx'
import { onlineSupport } from '@app/shared/petitions/paper.ts'

/**
 * "1,234 online + 500 on paper", under the count of a petition with
 * verified paper signatures: muted on a light background, in the text's own
 * colour on the page header's blue (`muted={false}`).
 */
export default function PaperSplit({
  petition,
  className,
  muted = true,
}: {
  petition: { supportCount: number; paperCount: number }
  className?: string
  muted?: boolean
}) {
  const { t } = useTranslation()
  if (petition.paperCount <= 0) return null
  return (
    <p
      className={`small ${muted ? 'text-muted' : ''} ${className ?? ''}`}
      data-testid="paper-split"
    >
      {t('page.paper.split', { online: onlineSupport(petition), paper: petition.paperCount })}
    </p>
  )
}
