import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'

/** The e-mail address of every account form, with its error. */
export default function EmailField({
  value,
  error,
  onChange,
}: {
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation()
  return (
    <FormField
      name="email"
      type="email"
      autoComplete="email"
      label={t('page.auth.email')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  )
}
