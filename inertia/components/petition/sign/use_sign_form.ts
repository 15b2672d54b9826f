import { useEffect, useRef, type RefObject } from 'react'
import { useForm } from '@inertiajs/react'
import type { Data } from '@generated/data'
import { likelyCountryOf } from '@app/shared/countries.ts'
import { sourceOfQuery } from '@app/shared/signature_sources.ts'
import { urlFor } from '~/client.ts'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import type { TurnstileHandle } from '~/components/turnstile.tsx'

/**
 * The sign form's data and its sending: a member's name and e-mail from
 * the account, the page's language's likely country, and where the visitor
 * came from (`?source=`), read in the browser: a guest's page is one cached
 * copy for everyone, so it cannot print it. The first address's code stays
 * while the visitor moves within the page. `onSigned` runs once the form
 * gave way to the signature's state.
 */
export function useSignForm(
  petition: Data.PetitionShow,
  turnstile: RefObject<TurnstileHandle | null>,
  onSigned: () => void
) {
  const { locale } = useTranslation()
  const { user } = useSharedProps()
  const source = useRef<string | null>(null)
  useEffect(() => {
    source.current = sourceOfQuery(window.location.search)
  }, [])
  const form = useForm({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    comment: '',
    country: likelyCountryOf(locale) ?? '',
    postalCode: '',
    private: false,
    support: true,
    wantsUpdates: false,
    contactConsent: false,
    customFields: petition.customFields.map((field) => ({ id: field.id, value: '' })),
    cfTurnstileResponse: '',
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      comment: petition.allowComments ? data.comment : null,
      postalCode: petition.askPostalCode ? data.postalCode : undefined,
      support: petition.allowOpposite ? data.support : true,
      source: source.current ?? sourceOfQuery(window.location.search),
    }))
    form.post(urlFor('signatures.store', { guid: petition.guid }), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset(
          'comment',
          'private',
          'support',
          'wantsUpdates',
          'contactConsent',
          'customFields'
        )
        onSigned()
      },
      onError: () => scrollToFirstError('#sign-this-petition'),
      onFinish: () => turnstile.current?.reset(),
    })
  }

  const setAnswer = (index: number, value: string) =>
    form.setData((data) => ({
      ...data,
      customFields: data.customFields.map((answer, position) =>
        position === index ? { ...answer, value } : answer
      ),
    }))

  return { form, submit, setAnswer }
}
