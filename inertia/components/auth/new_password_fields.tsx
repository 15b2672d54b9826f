import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'

type NewPasswordFieldsProps = {
  password: string
  confirmation: string
  errors: { password?: string; password_confirmation?: string }
  onChange: (field: 'password' | 'password_confirmation', value: string) => void
}

/** A new password and its confirmation, each with its own error (sign-up, reset). */
export default function NewPasswordFields({
  password,
  confirmation,
  errors,
  onChange,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <FormField
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('page.auth.password')}
        hint={t('page.auth.password_hint')}
        value={password}
        onChange={(event) => onChange('password', event.target.value)}
        error={errors.password}
      />
      <FormField
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={t('page.auth.password_confirmation')}
        value={confirmation}
        onChange={(event) => onChange('password_confirmation', event.target.value)}
        error={errors.password_confirmation}
      />
    </>
  )
}
