import { useMemo } from 'react'
import { Form } from 'react-bootstrap'
import { countriesByName } from '@app/shared/countries.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useHydrated } from '~/lib/use_hydrated.ts'

type CountrySelectProps = {
  name: string
  label: string
  value: string
  onChange: (code: string) => void
  error?: string
  hint?: string
}

/**
 * A country chosen from every ISO 3166-1 code, named in the page's language
 * and sorted in its alphabetical order. A native select: typing the first
 * letters of a name moves to it, by keyboard as by screen reader.
 *
 * The server's and the browser's CLDR differ in a few names and in their
 * order, so the server renders the chosen country alone and the browser
 * lists them all once hydrated: both render the same markup first.
 */
export default function CountrySelect({
  name,
  label,
  value,
  onChange,
  error,
  hint,
}: CountrySelectProps) {
  const { locale } = useTranslation()
  const countries = useMemo(() => countriesByName(locale), [locale])
  const hydrated = useHydrated()
  const listed = hydrated ? countries : countries.filter(({ code }) => code === value)
  const controlId = `field-${name}`
  const describedBy = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        value={value}
        required
        autoComplete="country"
        isInvalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {value === '' && <option value="" />}
        {listed.map(({ code, name: countryName }) => (
          // The chosen country's name may be spelt differently by the server.
          <option key={code} value={code} suppressHydrationWarning>
            {countryName}
          </option>
        ))}
      </Form.Select>
      {hint && !error && (
        <Form.Text id={`${controlId}-hint`} muted>
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${controlId}-error`} data-error-for={name}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  )
}
