import { Form } from 'react-bootstrap'
import DatePicker from 'react-datepicker'
import { de, enGB, es, fr, it, pt, ru, uk } from 'date-fns/locale'
import type { Locale } from '@app/i18n/locales.ts'
import { DAY_FORMATS } from '@app/shared/day_formats.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { localDay } from '~/lib/time_zone.ts'

/** The calendar's month and day names and first day of the week, in the page's language. */
export const CALENDAR_LOCALES = { en: enGB, es, fr, de, it, uk, pt, ru } satisfies Record<
  Locale,
  unknown
>

/** The picker works in the browser's time zone: the day is kept as its calendar date only. */
const fromDay = (value: string | null | undefined) => {
  const [year, month, day] = (value ?? '').split('-').map(Number)
  return year && month && day ? new Date(year, month - 1, day) : null
}

/**
 * A calendar day, kept as yyyy-mm-dd and written as the page's language writes
 * it (31.12.2026 in German): typed, or picked in the calendar (arrow keys
 * move, Enter picks, Escape closes), between `min` and `max` when given. The
 * server checks the same bounds; its error shows under the field.
 */
export default function DayField({
  id,
  name,
  label,
  help,
  value,
  error,
  min,
  max,
  clearLabel,
  todayLabel,
  onChange,
}: {
  id: string
  name: string
  label: string
  help?: string
  value: string | null
  error?: string
  min?: string
  max?: string
  /** Given: a button clears the day, named so. */
  clearLabel?: string
  /** Given: the calendar has a button that picks today, named so. */
  todayLabel?: string
  onChange: (value: string | null) => void
}) {
  const { t, locale } = useTranslation()
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <Form.Group className="mb-3" controlId={id} style={{ maxWidth: 320 }}>
      <Form.Label>{label}</Form.Label>
      <DatePicker
        id={id}
        name={name}
        selected={fromDay(value)}
        onChange={(date: Date | null) => onChange(date ? localDay(date) : null)}
        dateFormat={DAY_FORMATS[locale]}
        // The same pattern in the letters of the page's language (дд.мм.рррр).
        placeholderText={t('common.date_placeholder')}
        locale={CALENDAR_LOCALES[locale]}
        minDate={fromDay(min) ?? undefined}
        maxDate={fromDay(max) ?? undefined}
        isClearable={Boolean(clearLabel)}
        clearButtonTitle={clearLabel}
        todayButton={todayLabel}
        ariaLabelClose={clearLabel}
        ariaDescribedBy={described || undefined}
        ariaInvalid={error ? 'true' : 'false'}
        autoComplete="off"
        // Below the field, so that its label stays in sight (it flips up when there is no room).
        popperPlacement="bottom-start"
        className={`form-control ${error ? 'is-invalid' : ''}`}
      />
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`} data-error-for={name}>
          {error}
        </div>
      )}
    </Form.Group>
  )
}
