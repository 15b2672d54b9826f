import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { urlFor } from '~/client.ts'
import {
  API_ABILITIES,
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_LIFETIMES,
  type ApiAbility,
} from '@app/shared/api_access.ts'

/** An ability's one-line explanation: its key has no colon (`signatures:read` → `signatures_read`). */
export const abilityKey = (ability: ApiAbility) => ability.replace(':', '_')

/**
 * A new token: a name to recognise it by, what it may do (each ability
 * with what it means), and how long it lives. Its value shows once, on the
 * page the form leads to.
 */
export default function ApiTokenForm() {
  const { t } = useTranslation()
  const form = useForm({
    name: '',
    abilities: [] as ApiAbility[],
    expiresInDays: String(API_TOKEN_DEFAULT_DAYS),
  })
  const errors = form.errors as Record<string, string | undefined>
  const abilitiesError =
    errors.abilities ?? Object.entries(errors).find(([key]) => key.startsWith('abilities.'))?.[1]
  const expiryError = errors.expiresInDays

  const toggle = (ability: ApiAbility, on: boolean) =>
    form.setData((data) => ({
      ...data,
      abilities: on
        ? [...data.abilities, ability]
        : data.abilities.filter((held) => held !== ability),
    }))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('account.tokens.store'), {
      errorBag: 'apiToken',
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: () => scrollToFirstError('#account-api-tokens'),
    })
  }

  return (
    <Form onSubmit={submit} noValidate data-testid="api-token-form" className="mt-4">
      <h3 className="h5">{t('tokens.form.title')}</h3>
      <FormField
        {...bindText(form, 'name')}
        id="api-token-name"
        maxLength={60}
        autoComplete="off"
        label={t('tokens.form.name')}
        hint={t('tokens.form.name_hint')}
      />
      <fieldset
        className="mb-3"
        aria-describedby={abilitiesError ? 'api-token-abilities-error' : undefined}
      >
        <legend className="form-label fs-6 mb-2">{t('tokens.form.abilities')}</legend>
        {API_ABILITIES.map((ability) => (
          <Form.Check
            key={ability}
            className="mb-2"
            id={`api-token-ability-${abilityKey(ability)}`}
          >
            <Form.Check.Input
              type="checkbox"
              name="abilities[]"
              value={ability}
              checked={form.data.abilities.includes(ability)}
              onChange={(event) => toggle(ability, event.target.checked)}
              isInvalid={Boolean(abilitiesError)}
              aria-describedby={`api-token-ability-${abilityKey(ability)}-text`}
            />
            <Form.Check.Label>
              <code>{ability}</code>
            </Form.Check.Label>
            <div className="form-text mt-0" id={`api-token-ability-${abilityKey(ability)}-text`}>
              {t(`tokens.abilities.${abilityKey(ability)}`)}
            </div>
          </Form.Check>
        ))}
        {abilitiesError && (
          <div
            className="invalid-feedback d-block"
            id="api-token-abilities-error"
            data-error-for="abilities"
          >
            {abilitiesError}
          </div>
        )}
      </fieldset>
      <Form.Group className="mb-3" controlId="api-token-expiry">
        <Form.Label>{t('tokens.form.expiry')}</Form.Label>
        <Form.Select
          name="expiresInDays"
          value={form.data.expiresInDays}
          onChange={(event) => form.setData('expiresInDays', event.target.value)}
          isInvalid={Boolean(expiryError)}
          aria-describedby={expiryError ? 'api-token-expiry-error' : undefined}
        >
          {API_TOKEN_LIFETIMES.map((days) => (
            <option key={days} value={String(days)}>
              {t('tokens.form.days', { days })}
            </option>
          ))}
        </Form.Select>
        {expiryError && (
          <Form.Control.Feedback
            type="invalid"
            id="api-token-expiry-error"
            data-error-for="expiresInDays"
          >
            {expiryError}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Button type="submit" disabled={form.processing}>
        {t('tokens.form.submit')}
      </Button>
    </Form>
  )
}
