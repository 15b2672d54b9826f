import { useTranslation } from '~/i18n/context.tsx'
import { shortHash } from '~/components/moderation/network_hash.tsx'
import type { Data } from '@generated/data'

/**
 * What made a petition's signing unusual, beside its queue badge: the
 * network (its hash shortened, the whole one in the title) or the domain,
 * and its signatures in the hour. Nothing without an open alert.
 */
export default function SigningAlertText({ petition }: { petition: Data.ModeratedPetition }) {
  const { t } = useTranslation()
  const alert = petition.signingAlert
  if (!alert) return null
  const network = alert.kind === 'network'
  return (
    <span className="small" title={network ? alert.subject : undefined} data-testid="signing-alert">
      {t('page.moderation.trends.alert', {
        kind: alert.kind,
        subject: network ? `${shortHash(alert.subject)}…` : alert.subject,
        count: alert.signatures,
      })}
    </span>
  )
}
