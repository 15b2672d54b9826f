import { useState } from 'react'
import { closingDateBounds, closingMomentOf } from '@app/shared/petitions/closing.ts'
import { useTranslation } from '~/i18n/context.tsx'
import DayField from '~/components/day_field.tsx'

/**
 * The optional day a petition closes (open until its end, UTC), from
 * tomorrow to 12 months on; a button clears it.
 */
export default function ClosingDateField({
  value,
  error,
  onChange,
}: {
  value: string | null
  error?: string
  onChange: (value: string | null) => void
}) {
  const { t } = useTranslation()
  // The moment the form was opened: a render repeated later reads the same.
  const [now] = useState(() => Date.now())
  const { min, max } = closingDateBounds(now)
  const passed = value !== null && closingMomentOf(value).getTime() <= now
  return (
    <DayField
      id="closing-date"
      name="closingDate"
      label={t('page.petition.closing_date')}
      help={passed ? t('page.petition.closing_date_passed') : t('page.petition.closing_date_help')}
      value={value}
      error={error}
      min={min}
      max={max}
      clearLabel={t('page.petition.closing_date_clear')}
      onChange={onChange}
    />
  )
}
