import { Form } from 'react-bootstrap'
import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'
import { MODERATOR_ROLE, useSharedProps } from '~/lib/shared.ts'
import { formatDate } from '~/lib/format_date.ts'
import { TARGET_SIGNATURE_OPTIONS } from '@app/shared/petitions/constants.ts'
import { FormSection, type Errors, type PetitionFormData } from './shared.tsx'
import ClosingDateField from './closing_date_field.tsx'

/** When and why a moderator closed the petition; null when none did. */
export type ModeratorClosure = {
  petitionId: number
  closedAt: string
  reason: string | null
} | null

/**
 * Settings: switches with their info texts, the closing date and the target
 * select. A petition a moderator closed keeps its finished switch locked,
 * saying when and why; a moderator gets a link to the page where it reopens.
 */
export default function SettingsSection({
  data,
  editing,
  moderatorClosure,
  errors,
  onChange,
}: {
  data: PetitionFormData
  editing: boolean
  moderatorClosure: ModeratorClosure
  errors: Errors
  onChange: <Key extends keyof PetitionFormData>(key: Key, value: PetitionFormData[Key]) => void
}) {
  const { t, locale } = useTranslation()
  const { user } = useSharedProps()
  const number = new Intl.NumberFormat(locale)
  const switches: Array<{
    key: 'published' | 'finished' | 'allowComments' | 'allowOpposite' | 'askPostalCode' | 'private'
    info: string | null
    disabled: boolean
  }> = [
    {
      key: 'published',
      info: data.published
        ? t('page.petition.info_published_on')
        : t('page.petition.info_published_off'),
      disabled: !editing,
    },
    {
      key: 'finished',
      info: moderatorClosure
        ? [
            t('page.petition.closed_by_moderator', {
              date: formatDate(locale, moderatorClosure.closedAt),
            }),
            moderatorClosure.reason &&
              t('page.petition.closed_by_moderator_reason', { reason: moderatorClosure.reason }),
          ]
            .filter(Boolean)
            .join(' ')
        : data.finished
          ? t('page.petition.info_finished_on')
          : t('page.petition.info_finished_off'),
      disabled: !editing || moderatorClosure !== null,
    },
    {
      key: 'allowComments',
      info: data.finished ? null : t('page.petition.info_allow_comments'),
      disabled: false,
    },
    { key: 'allowOpposite', info: t('page.petition.info_allow_opposite'), disabled: false },
    { key: 'askPostalCode', info: t('page.petition.info_ask_postal_code'), disabled: false },
    { key: 'private', info: t('page.petition.info_private'), disabled: false },
  ]
  return (
    <FormSection testId="settings-section" title={t('page.petition.settings_title')}>
      {switches.map(({ key, info, disabled }) => {
        const error = errors[key]
        const described = [info && `setting-${key}-info`, error && `setting-${key}-error`]
        return (
          <div className="mb-3" key={key}>
            <Form.Check
              type="switch"
              id={`setting-${key}`}
              name={key}
              label={t(`page.petition.setting_${key}`)}
              checked={data[key]}
              disabled={disabled}
              isInvalid={Boolean(error)}
              aria-describedby={described.filter(Boolean).join(' ') || undefined}
              onChange={(event) => onChange(key, event.target.checked)}
            />
            {info && (
              <div className="form-text" id={`setting-${key}-info`} data-testid={`info-${key}`}>
                {info}
              </div>
            )}
            {key === 'finished' && moderatorClosure && user?.role === MODERATOR_ROLE && (
              <Link
                route="moderation.petition"
                routeParams={{ id: moderatorClosure.petitionId }}
                className="small"
              >
                {t('page.petition.closed_by_moderator_link')}
              </Link>
            )}
            {error && (
              <div
                className="invalid-feedback d-block"
                id={`setting-${key}-error`}
                data-error-for={key}
              >
                {error}
              </div>
            )}
          </div>
        )
      })}
      <ClosingDateField
        value={data.closingDate}
        error={errors.closingDate}
        onChange={(value) => onChange('closingDate', value)}
      />
      <Form.Group className="mb-3" controlId="target-signatures" style={{ maxWidth: 320 }}>
        <Form.Label>{t('page.petition.target_signatures')}</Form.Label>
        <Form.Select
          name="targetSignatures"
          value={data.targetSignatures}
          onChange={(event) => onChange('targetSignatures', Number(event.target.value))}
        >
          {TARGET_SIGNATURE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {number.format(option)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </FormSection>
  )
}
