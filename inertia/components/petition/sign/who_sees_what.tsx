import { useTranslation } from '~/i18n/context.tsx'
import { CONTACT_CONSENT_HELP } from '~/components/petition/sign/contact_consent_choice.tsx'
import {
  signerVisibility,
  type SignedPetitionForm,
  type VisibleItem,
} from '@app/shared/petitions/signer_visibility.ts'

/** The ids of the note's lines, which the fields they are about name in `aria-describedby`. */
export const WHO_SEES = {
  author: 'who-sees-author',
  everyone: 'who-sees-everyone',
  elsewhere: 'who-sees-elsewhere',
  handed: 'who-sees-handed',
} as const

/**
 * Beside the sign form's fields, who sees what the signer enters: the
 * petition's author (everything, the e-mail address included, anonymous or
 * not), everyone (the public list of signatures), and the people the
 * petition is addressed to (the list of signers its author may hand them).
 * It follows the petition's form and the anonymity switch as it changes
 * (shared/petitions/signer_visibility holds what each place shows).
 */
export default function WhoSeesWhat({
  petition,
  anonymous,
  member,
  contactConsent = false,
}: {
  petition: SignedPetitionForm
  anonymous: boolean
  member: boolean
  /** The form offers the owner's opt-in: what it means folds here too. */
  contactConsent?: boolean
}) {
  const { t, locale } = useTranslation()
  const seen = signerVisibility(petition, { anonymous, member })
  const list = (items: VisibleItem[]) =>
    new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      items.map((item) => t(`page.sign.who_sees.items.${item}`))
    )
  const handed =
    seen.handed === null
      ? t('page.sign.who_sees.handed_anonymous')
      : t(`page.sign.who_sees.${seen.handedIfSupporting ? 'handed_if_supporting' : 'handed'}`, {
          items: list(seen.handed),
        })
  return (
    <section
      className="small border rounded bg-light px-2 py-2 mb-3"
      aria-labelledby="who-sees-title"
      data-testid="who-sees"
    >
      <h3 id="who-sees-title" className="h6 small fw-semibold mb-1">
        {t('page.sign.who_sees.title')}
      </h3>
      <p id={WHO_SEES.author} className="mb-1" data-testid="who-sees-author">
        {t('page.sign.who_sees.author', { items: list(seen.author) })}
      </p>
      {/* The two lines the anonymity switch changes: read out when they do. */}
      <p id={WHO_SEES.everyone} className="mb-1" aria-live="polite" data-testid="who-sees-everyone">
        {t('page.sign.who_sees.everyone', { items: list(seen.everyone) })}
      </p>
      {/* The rest folds, so that the whole form still fits a laptop's screen. */}
      <details>
        <summary>{t('page.sign.who_sees.more')}</summary>
        <p id={WHO_SEES.elsewhere} className="mb-1 mt-1">
          {t('page.sign.who_sees.elsewhere')}
        </p>
        <p id={WHO_SEES.handed} className="mb-0" aria-live="polite" data-testid="who-sees-handed">
          {handed}
        </p>
        {contactConsent && (
          <p id={CONTACT_CONSENT_HELP} className="mb-0 mt-1">
            {t('sources.sign.contact_consent_help')}
          </p>
        )}
      </details>
    </section>
  )
}
