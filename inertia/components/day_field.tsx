import { lazy, Suspense } from 'react'
import { Form } from 'react-bootstrap'
import { writtenDay } from '@app/shared/day_formats.ts'
import { useTranslation } from '~/i18n/context.tsx'

const DayPicker = lazy(() => import('./day_picker.tsx'))

type DayFieldProps = {
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
}

export type DayInputProps = Pick<
  DayFieldProps,
  'id' | 'name' | 'value' | 'min' | 'max' | 'clearLabel' | 'todayLabel' | 'onChange'
> & { described?: string; invalid: boolean }

/**
 * The input as react-datepicker writes it, until its code is here: the same
 * boxes and the same written day, so that nothing moves when it arrives.
 */
function WaitingInput({ id, name, value, described, invalid }: DayInputProps) {
  const { t, locale } = useTranslation()
  return (
    <div className="react-datepicker-wrapper">
      <div className="react-datepicker__input-container">
        <input
          type="text"
          id={id}
          name={name}
          value={value ? writtenDay(locale, value) : ''}
          placeholder={t('common.date_placeholder')}
          className={`form-control ${invalid ? 'is-invalid' : ''}`}
          aria-describedby={described}
          aria-invalid={invalid ? 'true' : 'false'}
          autoComplete="off"
          readOnly
        />
      </div>
    </div>
  )
}

/**
 * A calendar day, kept as yyyy-mm-dd and written as the page's language writes
 * it (31.12.2026 in German): typed, or picked in the calendar (arrow keys
 * move, Enter picks, Escape closes), between `min` and `max` when given. The
 * server checks the same bounds; its error shows under the field. The
 * calendar's code loads with the first form that shows a day.
 */
export default function DayField({ label, help, error, ...input }: DayFieldProps) {
  const described = [help ? `${input.id}-help` : null, error ? `${input.id}-error` : null]
    .filter(Boolean)
    .join(' ')
  const props = { ...input, described: described || undefined, invalid: Boolean(error) }
  return (
    <Form.Group className="mb-3" controlId={input.id} style={{ maxWidth: 320 }}>
      <Form.Label>{label}</Form.Label>
      <Suspense fallback={<WaitingInput {...props} />}>
        <DayPicker {...props} />
      </Suspense>
      {help && (
        <Form.Text id={`${input.id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {error && (
        <div
          className="invalid-feedback d-block"
          id={`${input.id}-error`}
          data-error-for={input.name}
        >
          {error}
        </div>
      )}
    </Form.Group>
  )
}
