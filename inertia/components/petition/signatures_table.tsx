import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Badge, Button, Table } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import { countryName } from '@app/shared/countries.ts'

type SignaturesTableProps = {
  petition: Data.ManagedPetition
  signatures: Data.ManagedSignature[]
  customFieldsColumns: Record<string, string>
}

/**
 * The owner's table: the columns follow the petition's settings,
 * removed signatures are red with a "Removed" badge, and remove / restore
 * patch one row in place. On phones each row is a card of labelled lines.
 */
export default function SignaturesTable({
  petition,
  signatures,
  customFieldsColumns,
}: SignaturesTableProps) {
  const { t, locale } = useTranslation()
  const [pendingId, setPendingId] = useState<number | null>(null)
  const fieldColumns = Object.entries(customFieldsColumns)
  const yesNo = (value: boolean) => t(value ? 'page.signatures.yes' : 'page.signatures.no')
  // A cell's heading before its value on phones ("Verified: Yes"), punctuated per language.
  const cellLabel = (label: string) => t('page.signatures.cell_label', { label })

  const setActive = (signature: Data.ManagedSignature, active: boolean) => {
    router.patch(
      urlFor('petitions.signatures.update', { guid: petition.guid, id: signature.id }),
      { active },
      {
        preserveScroll: true,
        onStart: () => setPendingId(signature.id),
        onFinish: () => setPendingId(null),
      }
    )
  }

  return (
    <Table
      responsive
      hover
      className="align-middle signatures-table"
      data-testid="signatures-table"
    >
      <thead>
        <tr>
          <th scope="col">{t('page.signatures.id')}</th>
          <th scope="col">{t('page.signatures.user')}</th>
          <th scope="col">{t('page.signatures.country')}</th>
          {petition.askPostalCode && <th scope="col">{t('page.signatures.postal_code')}</th>}
          {petition.allowComments && <th scope="col">{t('page.signatures.opinion')}</th>}
          {fieldColumns.map(([id, title]) => (
            <th scope="col" key={id} data-testid="custom-field-column">
              {title}
            </th>
          ))}
          {petition.allowOpposite && <th scope="col">{t('page.signatures.support')}</th>}
          <th scope="col">{t('page.signatures.verified')}</th>
          <th scope="col">{t('page.signatures.date')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('page.signatures.action')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {signatures.map((signature) => (
          <tr
            key={signature.id}
            className={signature.active ? undefined : 'table-danger'}
            data-testid="signature-row"
            data-signature-id={signature.id}
            data-active={signature.active}
          >
            <td className="text-nowrap id-cell">
              #{signature.id}
              {signature.stoppedByRules ? (
                <Badge bg="secondary" className="ms-2" data-testid="signature-stopped">
                  {t('page.signatures.stopped_by_rules')}
                </Badge>
              ) : signature.removedByModerators ? (
                <Badge bg="dark" className="ms-2" data-testid="signature-removed-by-moderators">
                  {t('page.signatures.removed_by_moderators')}
                </Badge>
              ) : (
                !signature.active && (
                  <Badge bg="danger" className="ms-2" data-testid="signature-removed">
                    {t('page.signatures.removed')}
                  </Badge>
                )
              )}
            </td>
            <td className="signer-cell">
              <div className="d-flex align-items-center gap-2">
                <img
                  src={signature.user.avatar}
                  alt=""
                  width="36"
                  height="36"
                  className="rounded-circle object-fit-cover flex-shrink-0"
                />
                <div>
                  <div className="fw-semibold">
                    {signature.user.firstName} {signature.user.lastName}
                    {signature.private && (
                      <Badge bg="secondary" className="ms-2 fw-normal">
                        {t('page.signatures.anonymous')}
                      </Badge>
                    )}
                  </div>
                  <div className="small text-muted signer-email">{signature.user.email}</div>
                </div>
              </div>
            </td>
            <td data-label={cellLabel(t('page.signatures.country'))} data-testid="country-cell">
              {signature.country ? (
                // The server's CLDR may spell a rare name differently from the browser's.
                <span suppressHydrationWarning>{countryName(signature.country, locale)}</span>
              ) : (
                t('page.signatures.unknown_country')
              )}
            </td>
            {petition.askPostalCode && (
              <td data-label={cellLabel(t('page.signatures.postal_code'))}>
                {signature.postalCode ?? ''}
              </td>
            )}
            {petition.allowComments && (
              <td
                className="comment-cell text-break"
                data-label={cellLabel(t('page.signatures.opinion'))}
              >
                {signature.comment}
              </td>
            )}
            {fieldColumns.map(([id, title]) => (
              <td key={id} className="answer-cell text-break" data-label={cellLabel(title)}>
                {signature.customFieldsData[id] ?? ''}
              </td>
            ))}
            {petition.allowOpposite && (
              <td data-label={cellLabel(t('page.signatures.support'))}>
                {yesNo(signature.score > 0)}
              </td>
            )}
            <td data-label={cellLabel(t('page.signatures.verified'))}>
              {yesNo(signature.confirmedAt !== null)}
            </td>
            <td className="small date-cell" data-label={cellLabel(t('page.signatures.date'))}>
              {formatDate(locale, signature.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </td>
            <td className="text-end text-nowrap action-cell">
              {/* Stopped by the moderators' rules or invalidated by them: not the owner's to count. */}
              {!signature.stoppedByRules && !signature.removedByModerators && (
                <StateButton
                  signature={signature}
                  pending={pendingId === signature.id}
                  onToggle={() => setActive(signature, !signature.active)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}

/** Remove for an active row, Restore for a removed one. */
function StateButton({
  signature,
  pending,
  onToggle,
}: {
  signature: Data.ManagedSignature
  pending: boolean
  onToggle: () => void
}) {
  const { t } = useTranslation()
  const action = signature.active ? 'remove' : 'restore'
  return (
    <Button
      size="sm"
      variant={signature.active ? 'outline-danger' : 'success'}
      disabled={pending}
      aria-label={t(`page.signatures.${action}_label`, { id: signature.id })}
      onClick={onToggle}
      data-testid={`signature-${action}`}
    >
      {t(`page.signatures.${action}`)}
    </Button>
  )
}
