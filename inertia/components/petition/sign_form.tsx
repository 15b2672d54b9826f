import { useEffect, useRef } from 'react'
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import CountrySelect from '~/components/country_select.tsx'
import { POSTAL_CODE_MAX } from '@app/shared/countries.ts'
import Flash from '~/components/flash.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'
import { bindText } from '~/lib/bind_text.ts'
import { ConfirmedSignature, RemovedSignature } from '~/components/petition/show/own_signature.tsx'
import type { OwnSignature } from '@app/shared/petitions/own_signature.ts'
import PendingSignature from '~/components/petition/sign/pending_signature.tsx'
import SupportChoice from '~/components/petition/sign/support_choice.tsx'
import CustomFieldInput from '~/components/petition/sign/custom_field_input.tsx'
import WhoSeesWhat, { WHO_SEES } from '~/components/petition/sign/who_sees_what.tsx'
import SignerChoices from '~/components/petition/sign/signer_choices.tsx'
import ContactConsentChoice from '~/components/petition/sign/contact_consent_choice.tsx'
import IdentityCheck from '~/components/petition/sign/identity_check.tsx'
import type { IdentityRequirementShown, SigningIdentity } from '@app/shared/identity.ts'
import VerifiedSigningOnly from '~/components/petition/sign/verified_signing_only.tsx'
import { useSignForm } from '~/components/petition/sign/use_sign_form.ts'
import IdentityRequirementNote from '~/components/petition/sign/identity_requirement_note.tsx'

export type SignFormProps = {
  petition: Data.PetitionShow
  canSignPetition: boolean
  whenISignedThisPetition: string | null
  mySignature: OwnSignature | null
  /** The viewer has just confirmed: their state comes into view and takes focus. */
  justConfirmed?: boolean
  turnstileKey: string | null
  /** What signing requires (a verified identity, whose residence), or null: nothing. */
  identityRequirement?: IdentityRequirementShown | null
} & Partial<SigningIdentity>

/**
 * The sign form at #sign-this-petition. A member signs with
 * their account's name and e-mail, which are locked. Once the viewer has
 * signed, their signature's state shows instead: waiting for the mailed
 * link (with "Send it again" and, for a guest, "Wrong address?"),
 * confirmed, with the count, what is still needed and the share buttons, or
 * removed by moderators, with their reason. A petition that takes only
 * verified signatures says so, and until the viewer's identity is checked
 * offers the providers' buttons as the way to sign instead of the form
 * (the server refuses an unverified signature anyway); with no provider
 * left, it says signing is not possible now.
 */
export default function SignForm({
  petition,
  canSignPetition,
  whenISignedThisPetition,
  mySignature,
  justConfirmed = false,
  turnstileKey,
  identityProviders = [],
  verifiedIdentity = null,
  identityRequirement = null,
}: SignFormProps) {
  const { t, locale } = useTranslation()
  const { user } = useSharedProps()
  const turnstile = useRef<TurnstileHandle>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /** The signature's state comes into view and takes the focus. */
  const showState = () => {
    heading.current?.scrollIntoView({ block: 'center', behavior: 'instant' })
    heading.current?.focus({ preventScroll: true })
  }
  useEffect(() => {
    if (!justConfirmed) return
    // After the visit has put the page at its top.
    const timer = setTimeout(showState, 0)
    return () => clearTimeout(timer)
  }, [justConfirmed])
  // The form gave way to the signature's state, shorter (the dialog returns focus there once closed).
  const { form, submit, setAnswer } = useSignForm(petition, turnstile, showState)

  let body: React.ReactNode
  let title = t('page.sign.title')
  if (mySignature?.status === 'pending') {
    title = t('page.petition_page.almost_done_title')
    body = <PendingSignature guid={petition.guid} signature={mySignature} />
  } else if (mySignature?.status === 'confirmed') {
    title = t('page.petition_page.confirmed_title')
    body = (
      <ConfirmedSignature
        petition={petition}
        signedAt={whenISignedThisPetition}
        signature={mySignature}
        justConfirmed={justConfirmed}
      />
    )
  } else if (mySignature?.status === 'removed') {
    title = t('page.petition_page.removed_title')
    body = <RemovedSignature petition={petition} signature={mySignature} />
  } else if (whenISignedThisPetition) {
    const date = formatDate(locale, whenISignedThisPetition)
    body = (
      <Alert variant="success" data-testid="signed-on">
        {t('page.sign.signed_on', { date })}
      </Alert>
    )
  } else if (!canSignPetition) {
    body = <Alert variant="secondary">{t('page.sign.closed')}</Alert>
  } else if (identityRequirement && !verifiedIdentity) {
    body = <VerifiedSigningOnly identityProviders={identityProviders} />
  } else {
    body = (
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <p className="text-muted">
            {t(verifiedIdentity ? 'page.sign.intro_verified' : 'page.sign.intro')}
          </p>
          <IdentityCheck
            identityProviders={identityProviders}
            verifiedIdentity={verifiedIdentity}
          />
          <Form onSubmit={submit} noValidate data-testid="sign-form">
            <Row>
              <Col md={6}>
                <FormField
                  {...bindText(form, 'firstName')}
                  label={t('page.sign.first_name')}
                  readOnly={Boolean(user)}
                  hint={user ? t('page.sign.locked') : undefined}
                  autoComplete="given-name"
                  describedBy={`${WHO_SEES.author} ${WHO_SEES.everyone}`}
                />
              </Col>
              <Col md={6}>
                <FormField
                  {...bindText(form, 'lastName')}
                  label={t('page.sign.last_name')}
                  readOnly={Boolean(user?.lastName)}
                  autoComplete="family-name"
                  describedBy={`${WHO_SEES.author} ${WHO_SEES.everyone}`}
                />
              </Col>
            </Row>
            <FormField
              {...bindText(form, 'email')}
              type="email"
              label={t('page.sign.email')}
              readOnly={Boolean(user)}
              autoComplete="email"
              describedBy={`${WHO_SEES.author} ${WHO_SEES.elsewhere}`}
            />
            <CountrySelect
              name="country"
              label={t('page.sign.country')}
              hint={t('page.sign.country_help')}
              value={form.data.country}
              onChange={(code) => form.setData('country', code)}
              error={form.errors.country}
            />
            {petition.askPostalCode && (
              <FormField
                {...bindText(form, 'postalCode')}
                label={t('page.sign.postal_code')}
                hint={t('page.sign.postal_code_help')}
                maxLength={POSTAL_CODE_MAX}
                autoComplete="postal-code"
              />
            )}
            {petition.allowComments && (
              <FormField
                {...bindText(form, 'comment')}
                as="textarea"
                rows={3}
                // A petition that takes comments asks every signer for one: the label says so before sending.
                label={`${t('page.sign.comment')} (${t('page.sign.required')})`}
                aria-required
                hint={t('page.sign.comment_help')}
              />
            )}
            {petition.customFields.map((field, index) => (
              <CustomFieldInput
                key={field.id}
                field={field}
                index={index}
                value={form.data.customFields[index]?.value ?? ''}
                onChange={(value) => setAnswer(index, value)}
                error={(form.errors as Record<string, string>)[`customFields.${index}.value`]}
              />
            ))}
            <SignerChoices
              values={form.data}
              errors={form.errors}
              onChange={(choice, value) => form.setData(choice, value)}
            />
            {/* A petition whose owner's account is gone has nobody to consent to. */}
            {!petition.user.deleted && (
              <ContactConsentChoice
                owner={petition.user}
                checked={form.data.contactConsent}
                error={form.errors.contactConsent}
                onChange={(value) => form.setData('contactConsent', value)}
              />
            )}
            {petition.allowOpposite && (
              <SupportChoice
                support={form.data.support}
                onChange={(support) => form.setData('support', support)}
                error={form.errors.support}
              />
            )}
            {/* Just before signing, under the fields it is about (they point to it). */}
            <WhoSeesWhat
              petition={petition}
              anonymous={form.data.private}
              member={Boolean(user)}
              contactConsent={!petition.user.deleted}
            />
            <Turnstile
              ref={turnstile}
              siteKey={turnstileKey}
              action="sign"
              onToken={(token) => form.setData('cfTurnstileResponse', token)}
              error={form.errors.cfTurnstileResponse}
            />
            <Button type="submit" size="lg" disabled={form.processing} data-testid="sign-submit">
              {form.processing ? t('page.sign.submitting') : t('page.sign.submit')}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    )
  }

  return (
    <section id="sign-this-petition" className="page-section" data-testid="sign-section">
      <h2
        id="sign-this-petition-title"
        className="h3 fw-bold mb-3"
        ref={heading}
        tabIndex={-1}
        // Once signed, the dialog's focus comes back here (see flash.tsx).
        data-focus-after-dialog={mySignature ? true : undefined}
      >
        {title}
      </h2>
      <Flash at="form" />
      <IdentityRequirementNote requirement={identityRequirement} />
      {body}
    </section>
  )
}
