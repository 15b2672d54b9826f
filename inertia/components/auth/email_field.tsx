import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { bindText } from '~/lib/bind_text.ts'

/** The e-mail address of every account form, bound with bindText, with its error. */
export default function EmailField(field: ReturnType<typeof bindText>) {
  const { t } = useTranslation()
  return <FormField {...field} type="email" autoComplete="email" label={t('page.auth.email')} />
}
