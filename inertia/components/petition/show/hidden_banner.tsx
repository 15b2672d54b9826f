import { Link } from '@adonisjs/inertia/react'
import { useForm } from '@inertiajs/react'
import { Alert, Button, Container } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

/** The owner's way back: fix the petition, then ask the moderators to look again. */
function ReviewRequest({ guid, notice }: { guid: string; notice: Data.HiddenNotice }) {
  const { t, locale } = useTranslation()
  const form = useForm({})
  if (notice.reviewRequestedAt) {
    return (
      <p className="mb-0" data-testid="review-requested">
        {t('page.hidden.review_pending', { date: formatDate(locale, notice.reviewRequestedAt) })}
      </p>
    )
  }
  return (
    <>
      <p>{t('page.hidden.fix_it')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link route="petitions.edit" routeParams={{ guid }} className="btn btn-outline-dark">
          {t('page.hidden.edit')}
        </Link>
        <Button
          variant="dark"
          disabled={form.processing}
          data-testid="request-review"
          onClick={() => form.post(urlFor('petitions.review', { guid }), { preserveScroll: true })}
        >
          {t('page.hidden.request_review')}
        </Button>
      </div>
    </>
  )
}

/**
 * Over a petition the moderators hid, for the two who still see it: its
 * owner (why, and the way to ask for a review) and moderators ("Hidden").
 * Nothing for anyone else, or when it is not hidden.
 */
export default function HiddenBanner({
  guid,
  notice,
}: {
  guid: string
  notice: Data.HiddenNotice | null | undefined
}) {
  const { t, locale } = useTranslation()
  if (!notice) return null
  const reason = t(`common.hide_reasons.${notice.reason}`)
  const date = formatDate(locale, notice.hiddenAt)
  return (
    <Container className="py-3">
      <Alert
        variant={notice.viewer === 'owner' ? 'warning' : 'secondary'}
        className="mb-0"
        data-testid="hidden-banner"
      >
        <h2 className="h5 alert-heading">
          {notice.viewer === 'owner' ? t('page.hidden.owner_title') : t('page.hidden.badge')}
        </h2>
        <p>
          {t(notice.viewer === 'owner' ? 'page.hidden.owner_text' : 'page.hidden.moderator_text', {
            date,
          })}
        </p>
        <p>
          <strong>{t('page.hidden.reason')}</strong> {reason}
        </p>
        {notice.viewer === 'owner' ? (
          <ReviewRequest guid={guid} notice={notice} />
        ) : (
          notice.moderationId !== null && (
            <Link route="moderation.petition" routeParams={{ id: notice.moderationId }}>
              {t('page.moderation.petition_page')}
            </Link>
          )
        )}
      </Alert>
    </Container>
  )
}
