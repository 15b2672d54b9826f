import { useEffect, useRef } from 'react'
import { Form } from 'react-bootstrap'
import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'
import { MODERATOR_ROLE, useSharedProps } from '~/lib/shared.ts'
import { formatDate } from '~/lib/format_date.ts'
import {
  MAX_MILESTONE,
  MAX_MILESTONES,
  TARGET_SIGNATURE_OPTIONS,
} from '@app/shared/petitions/constants.ts'
import { listField } from './list_field.ts'
import {
  AddButton,
  FormSection,
  RemoveButton,
  type Errors,
  type PetitionFormData,
} from './shared.tsx'
import ClosingDateField from './closing_date_field.tsx'

/** When and why a moderator closed the petition; null when none did. */
export type ModeratorClosure = {
  petitionId: number
  closedAt: string
  reason: string | null
} | null

/** The form's settings; the milestones are typed text until they are sent (see Milestones). */
type SettingsData = Omit<PetitionFormData, 'milestones'>

/**
 * Settings: switches with their info texts, the closing date, the target
 * select and the owner's milestones under it. A petition a moderator closed keeps its finished switch locked,
 * saying when and why; a moderator gets a link to the page where it reopens.
 */
export default function SettingsSection({
  data,
  editing,
  moderatorClosure,
  milestones,
  errors,
  onChange,
  onMilestones,
}: {
  data: SettingsData
  editing: boolean
  moderatorClosure: ModeratorClosure
  milestones: string[]
  errors: Errors
  onChange: <Key extends keyof SettingsData>(key: Key, value: SettingsData[Key]) => void
  onMilestones: (milestones: string[]) => void
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
      <Milestones milestones={milestones} errors={errors} onChange={onMilestones} />
    </FormSection>
  )
}

/**
 * The owner's milestones besides the target: number fields, '×' on each,
 * '+ Add a milestone' up to MAX_MILESTONES. They stay as typed until the
 * form is sent, which leaves the empty ones out; so the server's
 * `milestones.{i}` is the i-th field that is not empty.
 */
function Milestones({
  milestones,
  errors,
  onChange,
}: {
  milestones: string[]
  errors: Errors
  onChange: (milestones: string[]) => void
}) {
  const { t } = useTranslation()
  const list = listField(milestones, onChange)
  const addButton = useRef<HTMLButtonElement>(null)
  // Where the keyboard goes once an add (the new field) or a removal (the add button) has rendered.
  const focusNext = useRef<number | 'add' | null>(null)
  useEffect(() => {
    const next = focusNext.current
    if (next === null) return
    focusNext.current = null
    if (next === 'add') addButton.current?.focus()
    else document.getElementById(`milestone-${next}`)?.focus()
  })
  let sent = 0
  const sentIndex = milestones.map((value) => (value.trim() === '' ? null : sent++))
  const listError = errors.milestones
  return (
    <fieldset className="mb-3" aria-describedby="milestones-hint" data-testid="milestones">
      <legend className="form-label fs-6 mb-1">{t('page.petition.milestones')}</legend>
      <div className="form-text mt-0 mb-2" id="milestones-hint">
        {t('page.petition.milestones_hint')}
      </div>
      {milestones.map((value, index) => {
        const at = sentIndex[index]
        const key = `milestones.${at ?? index}`
        const error = at === null ? undefined : errors[key]
        return (
          <div className="mb-2" key={index} style={{ maxWidth: 320 }}>
            <div className="d-flex gap-2 align-items-center">
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_MILESTONE}
                step={1}
                id={`milestone-${index}`}
                name={`milestones.${index}`}
                aria-label={t('page.petition.milestone_n', { n: index + 1 })}
                aria-describedby={error ? `milestone-${index}-error` : undefined}
                value={value}
                isInvalid={Boolean(error)}
                aria-invalid={error ? true : undefined}
                onChange={(event) =>
                  onChange(
                    milestones.map((old, position) =>
                      position === index ? event.target.value : old
                    )
                  )
                }
              />
              <RemoveButton
                label={t('page.petition.remove_milestone', { n: index + 1 })}
                onClick={() => {
                  list.remove(index)
                  focusNext.current = 'add'
                }}
              />
            </div>
            {error && (
              <div
                className="invalid-feedback d-block text-danger-emphasis"
                id={`milestone-${index}-error`}
                data-error-for={key}
              >
                {error}
              </div>
            )}
          </div>
        )
      })}
      <AddButton
        ref={addButton}
        disabled={milestones.length >= MAX_MILESTONES}
        testId="add-milestone"
        onClick={() => {
          list.add('')
          focusNext.current = milestones.length
        }}
      >
        {t('page.petition.add_milestone')}
      </AddButton>
      {listError && (
        <div
          className="invalid-feedback d-block text-danger-emphasis mt-2"
          data-error-for="milestones"
        >
          {listError}
        </div>
      )}
    </fieldset>
  )
}
