import 'react-datepicker/dist/react-datepicker.css'
import DatePicker from 'react-datepicker'
import { de, enGB, es, fr, it, pt, ru, uk } from 'date-fns/locale'
import type { Locale } from '@app/i18n/locales.ts'
import { DAY_FORMATS } from '@app/shared/day_formats.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { localDay } from '~/lib/time_zone.ts'
import type { DayInputProps } from './day_field.tsx'

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
 * DayField's input with its calendar (react-datepicker, date-fns and their
 * locales: a chunk of its own, loaded by the forms that show a day).
 */
export default function DayPicker({
  id,
  name,
  value,
  min,
  max,
  clearLabel,
  todayLabel,
  described,
  invalid,
  onChange,
}: DayInputProps) {
  const { t, locale } = useTranslation()
  return (
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
      ariaDescribedBy={described}
      ariaInvalid={invalid ? 'true' : 'false'}
      autoComplete="off"
      // Below the field, so that its label stays in sight (it flips up when there is no room).
      popperPlacement="bottom-start"
      className={`form-control ${invalid ? 'is-invalid' : ''}`}
    />
  )
}
