import { useEffect, useRef, useState } from 'react'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

const CUSTOM_FIELD_DEBOUNCE_MS = 150

/**
 * One input per custom field: a line of text, or a number. It
 * reports its value 150 ms after the last keystroke.
 */
export default function CustomFieldInput({
  field,
  index,
  value,
  onChange,
  error,
}: {
  field: Data.PetitionShow['customFields'][number]
  index: number
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(value)
  const [reported, setReported] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // A reset from outside (after a successful sign) empties the input too.
  if (value !== reported) {
    setReported(value)
    setText(value)
  }
  useEffect(() => () => clearTimeout(timer.current ?? undefined), [])

  const change = (next: string) => {
    setText(next)
    clearTimeout(timer.current ?? undefined)
    timer.current = setTimeout(() => onChange(next), CUSTOM_FIELD_DEBOUNCE_MS)
  }

  return (
    <FormField
      name={`customFields.${index}.value`}
      id={`custom-field-${field.id}`}
      type={field.type === 'number' ? 'number' : 'text'}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      label={field.required ? `${field.title} (${t('page.sign.required')})` : field.title}
      hint={field.description ?? undefined}
      value={text}
      onChange={(event) => change(event.target.value)}
      onBlur={() => onChange(text)}
      error={error}
    />
  )
}
