import { Form } from 'react-bootstrap'
import { IDENTITY_RESIDENCES, type IdentityResidence } from '@app/shared/identity.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { FormSection, type Errors, type PetitionFormData } from './shared.tsx'

/** How the section shows: editable, read-only once someone signed, or not at all (the site offers no provider). */
export type IdentityOptions = { shown: boolean; locked: boolean }

type IdentityData = Pick<PetitionFormData, 'identityRequired' | 'identityResidence'>

/**
 * "Only verified signatures" and "Who may sign": anyone, or the residents
 * of the petition's country or region (its place, set in the section
 * before). Once the petition has signatures both are read-only, with the
 * sentence that says why: every signature it counts was given under them.
 */
export default function IdentitySection({
  data,
  options,
  errors,
  onChange,
}: {
  data: IdentityData
  options: IdentityOptions
  errors: Errors
  onChange: <Key extends keyof IdentityData>(key: Key, value: IdentityData[Key]) => void
}) {
  const { t } = useTranslation()
  if (!options.shown) return null
  const requiredError = errors.identityRequired
  const residenceError = errors.identityResidence
  const describedBy = (...ids: Array<string | false | undefined>) =>
    ids.filter(Boolean).join(' ') || undefined
  return (
    <FormSection testId="identity-section" title={t('page.petition.identity_title')}>
      {options.locked && (
        <p className="form-text mt-0" id="identity-locked" data-testid="identity-locked">
          {t('page.petition.identity_locked')}
        </p>
      )}
      <div className="mb-3">
        <Form.Check
          type="switch"
          id="setting-identityRequired"
          name="identityRequired"
          label={t('page.petition.setting_identityRequired')}
          checked={data.identityRequired}
          disabled={options.locked}
          isInvalid={Boolean(requiredError)}
          aria-describedby={describedBy(
            'setting-identityRequired-info',
            options.locked && 'identity-locked',
            requiredError && 'setting-identityRequired-error'
          )}
          onChange={(event) => onChange('identityRequired', event.target.checked)}
        />
        <div className="form-text" id="setting-identityRequired-info">
          {t('page.petition.info_identity_required')}
        </div>
        {requiredError && (
          <div
            className="invalid-feedback d-block"
            id="setting-identityRequired-error"
            data-error-for="identityRequired"
          >
            {requiredError}
          </div>
        )}
      </div>
      {data.identityRequired && (
        <Form.Group className="mb-3" controlId="identity-residence" style={{ maxWidth: 480 }}>
          <Form.Label>{t('page.petition.identity_residence_label')}</Form.Label>
          <Form.Select
            name="identityResidence"
            value={data.identityResidence ?? ''}
            disabled={options.locked}
            isInvalid={Boolean(residenceError)}
            aria-invalid={residenceError ? true : undefined}
            aria-describedby={describedBy(
              'identity-residence-hint',
              residenceError && 'identity-residence-error'
            )}
            onChange={(event) =>
              onChange(
                'identityResidence',
                (event.target.value || null) as IdentityResidence | null
              )
            }
          >
            <option value="">{t('page.petition.identity_residence_anyone')}</option>
            {IDENTITY_RESIDENCES.map((residence) => (
              <option key={residence} value={residence}>
                {t(`page.petition.identity_residence_${residence}`)}
              </option>
            ))}
          </Form.Select>
          <div className="form-text" id="identity-residence-hint">
            {t('page.petition.identity_residence_hint')}
          </div>
          {residenceError && (
            <div
              className="invalid-feedback d-block text-danger-emphasis"
              id="identity-residence-error"
              data-error-for="identityResidence"
            >
              {residenceError}
            </div>
          )}
        </Form.Group>
      )}
    </FormSection>
  )
}
