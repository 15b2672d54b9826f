import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'

/** On the petition's page: when, where and to whom it was handed over, with the photos. */
export default function HandoversSection({ handovers }: { handovers: Data.Handover[] }) {
  const { t, locale } = useTranslation()
  if (handovers.length === 0) return null
  return (
    <section
      className="petition-show-section"
      aria-labelledby="handovers-title"
      data-testid="petition-handovers"
    >
      <h2 className="h5 fw-bold mb-3" id="handovers-title">
        {t('page.handover.shown_title')}
      </h2>
      {handovers.map((handover) => (
        <figure key={handover.id} className="mb-3" data-testid="petition-handover">
          {handover.photoUrl && (
            <img
              src={handover.photoUrl}
              alt={t('page.handover.photo_alt', { recipient: handover.recipient })}
              className="img-fluid rounded mb-2 petition-handover-photo"
              loading="lazy"
            />
          )}
          <figcaption>
            {t('page.handover.item', {
              recipient: handover.recipient,
              date: formatDate(locale, handover.handedOverOn),
              place: handover.place,
            })}
          </figcaption>
        </figure>
      ))}
    </section>
  )
}
