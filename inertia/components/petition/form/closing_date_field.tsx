import { useState } from 'react'
import { Form } from 'react-bootstrap'
import DatePicker from 'react-datepicker'
import { de, enGB, es, fr, it, pt, ru, uk } from 'date-fns/locale'
import type { Locale } from '@app/i18n/locales.ts'
import { closingDateBounds, closingMomentOf } from '@app/petitions/closing.ts'
import { useTranslation } from '~/i18n/context.tsx'

/** The calendar's month and day names and first day of the week, in the page's language. */
const CALENDAR_LOCALES = { en: enGB, es, fr, de, it, uk, pt, ru } satisfies Record<Locale, unknown>

/** The picker works in the browser's time zone: the day is kept as its calendar date only. */
const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const fromDay = (value: string | null) => {
  const [year, month, day] = (value ?? '').split('-').map(Number)
  return year && month && day ? new Date(year, month - 1, day) : null
}

/**
 * The optional day a petition closes (open until its end, UTC): typed as
 * yyyy-mm-dd or picked in the calendar (arrow keys move, Enter picks,
 * Escape closes), from tomorrow to 12 months on; a button clears it. The
 * server checks the same bounds and its error shows under the field.
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
  const { t, locale } = useTranslation()
  // The moment the form was opened: a render repeated later reads the same.
  const [now] = useState(() => Date.now())
  const { min, max } = closingDateBounds(now)
  const passed = value !== null && closingMomentOf(value).getTime() <= now
  const described = ['closing-date-help', error ? 'closing-date-error' : null]
    .filter(Boolean)
    .join(' ')
  return (
    <Form.Group className="mb-3" controlId="closing-date" style={{ maxWidth: 320 }}>
      <Form.Label>{t('page.petition.closing_date')}</Form.Label>
      <DatePicker
        id="closing-date"
        name="closingDate"
        selected={fromDay(value)}
        onChange={(date: Date | null) => onChange(date ? toDay(date) : null)}
        dateFormat="yyyy-MM-dd"
        placeholderText="yyyy-mm-dd"
        locale={CALENDAR_LOCALES[locale]}
        minDate={fromDay(min)!}
        maxDate={fromDay(max)!}
        isClearable
        clearButtonTitle={t('page.petition.closing_date_clear')}
        ariaLabelClose={t('page.petition.closing_date_clear')}
        ariaDescribedBy={described}
        ariaInvalid={error ? 'true' : 'false'}
        autoComplete="off"
        // Below the field, so that its label stays in sight (it flips up when there is no room).
        popperPlacement="bottom-start"
        className={`form-control ${error ? 'is-invalid' : ''}`}
      />
      <Form.Text id="closing-date-help" muted>
        {passed ? t('page.petition.closing_date_passed') : t('page.petition.closing_date_help')}
      </Form.Text>
      {error && (
        <div
          className="invalid-feedback d-block"
          id="closing-date-error"
          data-error-for="closingDate"
        >
          {error}
        </div>
      )}
    </Form.Group>
  )
}
