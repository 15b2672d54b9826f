import { router } from '@inertiajs/react'
import { Badge, Button, Table } from 'react-bootstrap'
import InvalidationFilterText from '~/components/moderation/invalidation_filter_text.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** The petition's invalidations, newest first, each undoable while it stands. */
export default function InvalidationList({
  petitionId,
  invalidations,
}: {
  petitionId: number
  invalidations: Data.SignatureInvalidation[]
}) {
  const { t, locale } = useTranslation()
  const undo = async (invalidation: Data.SignatureInvalidation) => {
    const confirmed = await askToConfirm({
      title: t('page.moderation.invalidation.undo_title'),
      text: t('page.moderation.invalidation.undo_text', { count: invalidation.signatures }),
      confirm: t('page.moderation.invalidation.undo_confirm'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.post(
        urlFor('moderation.invalidations.undo', { id: petitionId, invalidation: invalidation.id }),
        {},
        { preserveScroll: true }
      )
    }
  }
  return (
    <>
      <h3 className="h5 mt-4" id="invalidations-title">
        {t('page.moderation.invalidation.list_title')}
      </h3>
      {invalidations.length === 0 ? (
        <p className="text-muted">{t('page.moderation.invalidation.list_empty')}</p>
      ) : (
        <Table responsive size="sm" aria-labelledby="invalidations-title">
          <thead>
            <tr>
              <th scope="col">{t('page.moderation.log.when')}</th>
              <th scope="col">{t('page.moderation.log.who')}</th>
              <th scope="col">{t('page.moderation.invalidation.filter')}</th>
              <th scope="col">{t('page.moderation.invalidation.signatures')}</th>
              <th scope="col">{t('page.moderation.log.reason')}</th>
              <th scope="col">{t('page.moderation.invalidation.state')}</th>
            </tr>
          </thead>
          <tbody>
            {invalidations.map((invalidation) => (
              <tr key={invalidation.id} data-testid="invalidation-row">
                <td className="text-nowrap">{formatDate(locale, invalidation.createdAt, WHEN)}</td>
                <td>{invalidation.actorName}</td>
                <td className="text-break">
                  <InvalidationFilterText filter={invalidation.filter} />
                </td>
                <td>
                  {t('page.moderation.invalidation.counts', {
                    signatures: invalidation.signatures,
                    counted: invalidation.counted,
                  })}
                </td>
                <td className="text-break">{invalidation.reason}</td>
                <td>
                  {invalidation.undoneAt ? (
                    <Badge bg="secondary">
                      {t('page.moderation.invalidation.undone_on', {
                        date: formatDate(locale, invalidation.undoneAt, WHEN),
                      })}
                    </Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() => undo(invalidation)}
                      data-testid="invalidation-undo"
                    >
                      {t('page.moderation.invalidation.undo')}
                      <span className="visually-hidden">
                        {' '}
                        {t('page.moderation.invalidation.undo_which', {
                          date: formatDate(locale, invalidation.createdAt, WHEN),
                        })}
                      </span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  )
}
