import { Form } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { TARGET_SIGNATURE_OPTIONS } from '@app/petitions/constants.ts'
import { FormSection, type Errors, type PetitionFormData } from './shared.tsx'
import ClosingDateField from './closing_date_field.tsx'

/** Settings: switches with their info texts, the closing date and the target select. */
export default function SettingsSection({
  data,
  editing,
  errors,
  onChange,
}: {
  data: PetitionFormData
  editing: boolean
  errors: Errors
  onChange: <Key extends keyof PetitionFormData>(key: Key, value: PetitionFormData[Key]) => void
}) {
  const { t, locale } = useTranslation()
  const number = new Intl.NumberFormat(locale)
  const switches: Array<{
    key: 'published' | 'finished' | 'allowComments' | 'allowOpposite' | 'private'
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
      info: data.finished
        ? t('page.petition.info_finished_on')
        : t('page.petition.info_finished_off'),
      disabled: !editing,
    },
    {
      key: 'allowComments',
      info: data.finished ? null : t('page.petition.info_allow_comments'),
      disabled: false,
    },
    { key: 'allowOpposite', info: t('page.petition.info_allow_opposite'), disabled: false },
    { key: 'private', info: t('page.petition.info_private'), disabled: false },
  ]
  return (
    <FormSection testId="settings-section" title={t('page.petition.settings_title')}>
      {switches.map(({ key, info, disabled }) => (
        <div className="mb-3" key={key}>
          <Form.Check
            type="switch"
            id={`setting-${key}`}
            name={key}
            label={t(`page.petition.setting_${key}`)}
            checked={data[key]}
            disabled={disabled}
            onChange={(event) => onChange(key, event.target.checked)}
          />
          {info && <div className="form-text">{info}</div>}
        </div>
      ))}
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
