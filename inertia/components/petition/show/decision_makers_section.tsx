import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { formatDate } from '~/lib/format_date.ts'

/**
 * Who has answered: each recipient of the petition's letters with their
 * role and where they stand (answered on a day, with a link to their
 * response; awaiting since a milestone's mail left or since it was handed
 * to them in person, for so many days; not contacted yet).
 * The days come counted by the server, so that hydration prints the same.
 * Nothing when the letters name nobody.
 */
export default function DecisionMakersSection({
  decisionMakers,
}: {
  decisionMakers: Data.RecipientStanding[]
}) {
  const { t, locale } = useTranslation()
  if (decisionMakers.length === 0) return null
  return (
    <section
      className="petition-show-section"
      aria-labelledby="decision-makers-title"
      data-testid="decision-makers"
    >
      <h2 className="h4 mb-3" id="decision-makers-title">
        {t('page.decision_makers.title')}
      </h2>
      <ul className="list-unstyled mb-0">
        {decisionMakers.map((recipient) => (
          <li
            key={recipient.id}
            className="mb-3"
            data-testid="decision-maker"
            data-status={recipient.status}
          >
            <span className="fw-semibold">{recipient.name}</span>
            {recipient.role && <span className="text-body-secondary"> · {recipient.role}</span>}
            <br />
            <Standing recipient={recipient} locale={locale} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Standing({ recipient, locale }: { recipient: Data.RecipientStanding; locale: string }) {
  const { t } = useTranslation()
  if (recipient.status === 'answered') {
    const text = t('page.decision_makers.answered_on', {
      date: formatDate(locale, recipient.answeredOn ?? ''),
    })
    return (
      <span className="small text-success-emphasis" data-testid="decision-maker-standing">
        {recipient.responseId !== null ? (
          <a href={`#response-${recipient.responseId}`}>{text}</a>
        ) : (
          text
        )}
      </span>
    )
  }
  if (recipient.status === 'awaiting') {
    return (
      <span className="small text-warning-emphasis" data-testid="decision-maker-standing">
        {recipient.toldBy === 'hand'
          ? t('page.decision_makers.awaiting_handed', {
              days: recipient.daysWaiting ?? 0,
              date: formatDate(locale, recipient.handedOverOn ?? ''),
            })
          : t('page.decision_makers.awaiting', {
              days: recipient.daysWaiting ?? 0,
              milestone: recipient.milestone ?? 0,
            })}
      </span>
    )
  }
  return (
    <span className="small text-body-secondary" data-testid="decision-maker-standing">
      {t('page.decision_makers.not_told')}
    </span>
  )
}
