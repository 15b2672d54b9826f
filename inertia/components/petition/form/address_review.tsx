import { useTranslation } from '~/i18n/context.tsx'

/** How moderators judged a recipient's stored address, as the form's props say. */
export type AddressReview = {
  recipientId: number
  email: string
  status: 'pending' | 'approved' | 'refused'
  /** Why it was refused; null otherwise. */
  reason: string | null
}

const TONES = {
  pending: 'text-body-secondary',
  approved: 'text-success-emphasis',
  refused: 'text-danger-emphasis',
} as const

/**
 * Under a recipient's address in the owner's form: a moderator must approve
 * it before the petition is mailed there, approved it, or refused it (why).
 */
export default function AddressReviewNote({ review, id }: { review: AddressReview; id: string }) {
  const { t } = useTranslation()
  return (
    <p
      id={id}
      className={`small mb-0 mt-1 ${TONES[review.status]}`}
      data-testid="address-review"
      data-status={review.status}
    >
      {t(`page.petition.address_review.${review.status}`)}
      {review.reason && <> {t('page.petition.address_review.reason', { reason: review.reason })}</>}
    </p>
  )
}
