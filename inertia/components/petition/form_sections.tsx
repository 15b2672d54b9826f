import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap'
import DatePicker from 'react-datepicker'
import CountedField from './counted_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

type PetitionFormData = Data.PetitionForm
import {
  CUSTOM_FIELD_TYPES,
  LIMITS,
  MAX_CUSTOM_FIELDS,
  MAX_LETTERS,
  MAX_RECIPIENTS_PER_LETTER,
  MAX_UPDATES,
  MAX_VIDEOS,
  TARGET_SIGNATURE_OPTIONS,
} from '@app/petitions/constants.ts'

type Errors = Record<string, string | undefined>
type Change<Key extends keyof PetitionFormData> = (value: PetitionFormData[Key]) => void

/** The error of a whole list (too many entries), shown under its section's title. */
function ListError({ field, errors }: { field: string; errors: Errors }) {
  if (!errors[field]) return null
  return (
    <Alert variant="danger" className="py-2" data-error-for={field}>
      {errors[field]}
    </Alert>
  )
}

function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button size="sm" variant="outline-danger" onClick={onClick} aria-label={label}>
      ×
    </Button>
  )
}

/** 3. Videos: title, a YouTube or Vimeo URL, description; 'add video', up to MAX_VIDEOS. */
export function VideosSection({
  videos,
  errors,
  onChange,
}: {
  videos: PetitionFormData['videos']
  errors: Errors
  onChange: Change<'videos'>
}) {
  const { t } = useTranslation()
  const update = (index: number, patch: Partial<PetitionFormData['videos'][number]>) =>
    onChange(videos.map((video, position) => (position === index ? { ...video, ...patch } : video)))
  return (
    <section className="form-section" data-testid="videos-section">
      <h2 className="h4">{t('page.petition.videos_title')}</h2>
      <ListError field="videos" errors={errors} />
      {videos.map((video, index) => (
        <Card body className="mb-3" key={video.id ?? `new-${index}`}>
          <div className="d-flex justify-content-between mb-2">
            <strong>{index > 0 ? `#${index + 1}` : ''}</strong>
            {videos.length > 1 && (
              <RemoveButton
                label={t('page.petition.remove')}
                onClick={() => onChange(videos.filter((_, position) => position !== index))}
              />
            )}
          </div>
          <CountedField
            name={`videos.${index}.title`}
            label={t('page.petition.video_title')}
            limit={LIMITS.videoTitle}
            value={video.title}
            onChange={(event) => update(index, { title: event.target.value })}
            error={errors[`videos.${index}.title`]}
          />
          <Form.Group className="mb-3" controlId={`videos-${index}-url`}>
            <Form.Label>{t('page.petition.video_url')}</Form.Label>
            <Form.Control
              name={`videos.${index}.url`}
              value={video.url}
              placeholder="https://www.youtube.com/watch?v=…"
              isInvalid={Boolean(errors[`videos.${index}.url`])}
              onChange={(event) => update(index, { url: event.target.value })}
            />
            <Form.Control.Feedback type="invalid" data-error-for={`videos.${index}.url`}>
              {errors[`videos.${index}.url`]}
            </Form.Control.Feedback>
          </Form.Group>
          <CountedField
            name={`videos.${index}.description`}
            as="textarea"
            rows={2}
            label={t('page.petition.video_description')}
            limit={LIMITS.videoDescription}
            value={video.description}
            onChange={(event) => update(index, { description: event.target.value })}
            error={errors[`videos.${index}.description`]}
          />
        </Card>
      ))}
      <Button
        variant="outline-primary"
        size="sm"
        disabled={videos.length >= MAX_VIDEOS}
        onClick={() => onChange([...videos, { title: '', url: '', description: '' }])}
      >
        {t('page.petition.add_video')}
      </Button>
    </section>
  )
}

/**
 * 4. Letters to recipients, up to MAX_LETTERS: up to 3 recipients each, '+' on
 * the first row, '#n' labels.
 */
export function LettersSection({
  letters,
  errors,
  onChange,
  onWarning,
}: {
  letters: PetitionFormData['letters']
  errors: Errors
  onChange: Change<'letters'>
  onWarning: (text: string) => void
}) {
  const { t } = useTranslation()
  const update = (index: number, patch: Partial<PetitionFormData['letters'][number]>) =>
    onChange(
      letters.map((letter, position) => (position === index ? { ...letter, ...patch } : letter))
    )
  const addRecipient = (index: number) => {
    const letter = letters[index]
    if (letter.recipients.length >= MAX_RECIPIENTS_PER_LETTER)
      return onWarning(t('page.petition.max_recipients_riches'))
    update(index, { recipients: [...letter.recipients, { name: '', payload: '' }] })
  }
  return (
    <section className="form-section" data-testid="letters-section">
      <h2 className="h4">{t('page.petition.letters_title')}</h2>
      <ListError field="letters" errors={errors} />
      {letters.map((letter, index) => (
        <Card
          body
          className="mb-3"
          key={letter.id ?? `new-${index}`}
          data-testid={`letter-${index}`}
        >
          <div className="d-flex justify-content-between mb-2">
            <strong>{index > 0 ? `#${index + 1}` : ''}</strong>
            {index > 0 && (
              <RemoveButton
                label={t('page.petition.remove')}
                onClick={() => onChange(letters.filter((_, position) => position !== index))}
              />
            )}
          </div>
          {letter.recipients.map((recipient, row) => (
            <Row className="g-2 align-items-start" key={row}>
              <Col sm={5}>
                <CountedField
                  name={`letters.${index}.recipients.${row}.name`}
                  label={t('page.petition.recipient_name')}
                  limit={LIMITS.recipientName}
                  value={recipient.name}
                  error={errors[`letters.${index}.recipients.${row}.name`]}
                  onChange={(event) =>
                    update(index, {
                      recipients: letter.recipients.map((item, position) =>
                        position === row ? { ...item, name: event.target.value } : item
                      ),
                    })
                  }
                />
              </Col>
              <Col sm={5}>
                <CountedField
                  name={`letters.${index}.recipients.${row}.payload`}
                  label={t('page.petition.recipient_designation')}
                  limit={LIMITS.recipientDesignation}
                  value={recipient.payload}
                  error={errors[`letters.${index}.recipients.${row}.payload`]}
                  onChange={(event) =>
                    update(index, {
                      recipients: letter.recipients.map((item, position) =>
                        position === row ? { ...item, payload: event.target.value } : item
                      ),
                    })
                  }
                />
              </Col>
              <Col sm={2} className="pt-sm-4 mt-sm-2">
                {row === 0 ? (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => addRecipient(index)}
                    aria-label={t('page.petition.add_recipient')}
                  >
                    +
                  </Button>
                ) : (
                  <RemoveButton
                    label={t('page.petition.remove')}
                    onClick={() =>
                      update(index, {
                        recipients: letter.recipients.filter((_, position) => position !== row),
                      })
                    }
                  />
                )}
              </Col>
            </Row>
          ))}
          {errors[`letters.${index}.recipients`] && (
            <Alert variant="danger" className="py-2">
              {errors[`letters.${index}.recipients`]}
            </Alert>
          )}
          <CountedField
            name={`letters.${index}.payload`}
            as="textarea"
            rows={5}
            label={t('page.petition.letter_text')}
            limit={LIMITS.letter}
            value={letter.payload}
            error={errors[`letters.${index}.payload`]}
            onChange={(event) => update(index, { payload: event.target.value })}
          />
        </Card>
      ))}
      <Button
        variant="outline-primary"
        size="sm"
        disabled={letters.length >= MAX_LETTERS}
        onClick={() =>
          onChange([...letters, { payload: '', recipients: [{ name: '', payload: '' }] }])
        }
      >
        {t('page.petition.add_letter')}
      </Button>
    </section>
  )
}

const toIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const fromIsoDate = (value: string) => {
  const [year, month, day] = value.split('-').map(Number)
  return year ? new Date(year, month - 1, day) : null
}

/** 5. News updates, up to MAX_UPDATES: title, a date (MM.dd.yyyy, never after today), description. */
export function UpdatesSection({
  updates,
  editing,
  errors,
  onChange,
}: {
  updates: PetitionFormData['updates']
  editing: boolean
  errors: Errors
  onChange: Change<'updates'>
}) {
  const { t } = useTranslation()
  const update = (index: number, patch: Partial<PetitionFormData['updates'][number]>) =>
    onChange(updates.map((item, position) => (position === index ? { ...item, ...patch } : item)))
  return (
    <section className="form-section" data-testid="updates-section">
      <h2 className="h4">{t('page.petition.updates_title')}</h2>
      <ListError field="updates" errors={errors} />
      {updates.map((item, index) => (
        <Card body className="mb-3" key={item.id ?? `new-${index}`} data-testid={`update-${index}`}>
          <div className="d-flex justify-content-between mb-2">
            <strong>{index > 0 ? `#${index + 1}` : ''}</strong>
            {index > 0 && (
              <RemoveButton
                label={t('page.petition.remove')}
                onClick={() => onChange(updates.filter((_, position) => position !== index))}
              />
            )}
          </div>
          <Row className="g-2">
            <Col md={8}>
              <CountedField
                name={`updates.${index}.title`}
                label={t('page.petition.update_title')}
                limit={LIMITS.updateTitle}
                value={item.title}
                error={errors[`updates.${index}.title`]}
                onChange={(event) => update(index, { title: event.target.value })}
              />
            </Col>
            <Col md={4}>
              <Form.Group className="mb-3" controlId={`updates-${index}-date`}>
                <Form.Label>{t('page.petition.update_date')}</Form.Label>
                <DatePicker
                  selected={fromIsoDate(item.createdAt)}
                  onChange={(date: Date | null) =>
                    update(index, { createdAt: date ? toIsoDate(date) : '' })
                  }
                  dateFormat="MM.dd.yyyy"
                  maxDate={new Date()}
                  todayButton={t('page.petition.now')}
                  className={`form-control ${errors[`updates.${index}.createdAt`] ? 'is-invalid' : ''}`}
                  name={`updates.${index}.createdAt`}
                  id={`updates-${index}-date`}
                />
                {errors[`updates.${index}.createdAt`] && (
                  <div
                    className="invalid-feedback d-block"
                    data-error-for={`updates.${index}.createdAt`}
                  >
                    {errors[`updates.${index}.createdAt`]}
                  </div>
                )}
              </Form.Group>
            </Col>
          </Row>
          <CountedField
            name={`updates.${index}.description`}
            as="textarea"
            rows={2}
            label={t('page.petition.update_description')}
            limit={LIMITS.updateDescription}
            value={item.description}
            error={errors[`updates.${index}.description`]}
            onChange={(event) => update(index, { description: event.target.value })}
          />
        </Card>
      ))}
      {editing && (
        <Button
          variant="outline-primary"
          size="sm"
          disabled={updates.length >= MAX_UPDATES}
          onClick={() =>
            onChange([...updates, { title: '', createdAt: toIsoDate(new Date()), description: '' }])
          }
        >
          {t('page.petition.add_update')}
        </Button>
      )}
    </section>
  )
}

/** 6. Extra fields signers fill in: type, title, description, required; at most 20. */
export function CustomFieldsSection({
  fields,
  errors,
  onChange,
  onWarning,
}: {
  fields: PetitionFormData['customFields']
  errors: Errors
  onChange: Change<'customFields'>
  onWarning: (text: string) => void
}) {
  const { t } = useTranslation()
  const update = (index: number, patch: Partial<PetitionFormData['customFields'][number]>) =>
    onChange(fields.map((field, position) => (position === index ? { ...field, ...patch } : field)))
  const add = () => {
    if (fields.length >= MAX_CUSTOM_FIELDS) return onWarning(t('page.petition.max_custom_fields'))
    onChange([...fields, { type: 'text', title: '', description: '', required: false }])
  }
  return (
    <section className="form-section" data-testid="custom-fields-section">
      <h2 className="h4">{t('page.petition.custom_fields_title')}</h2>
      {fields.length === 0 && <p className="text-muted">{t('page.petition.custom_fields_info')}</p>}
      {errors.customFields && (
        <Alert variant="danger" className="py-2">
          {errors.customFields}
        </Alert>
      )}
      {fields.map((field, index) => (
        <Card
          body
          className="mb-3"
          key={field.id ?? `new-${index}`}
          data-testid={`custom-field-${index}`}
        >
          <Row className="g-2">
            <Col md={3}>
              <Form.Group className="mb-3" controlId={`custom-${index}-type`}>
                <Form.Label>{t('page.petition.custom_field_type')}</Form.Label>
                <Form.Select
                  value={field.type}
                  name={`customFields.${index}.type`}
                  onChange={(event) =>
                    update(index, { type: event.target.value as typeof field.type })
                  }
                >
                  {CUSTOM_FIELD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`page.petition.field_type_${type}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Col>
            <Col md={9}>
              <CountedField
                name={`customFields.${index}.title`}
                label={t('page.petition.custom_field_title')}
                limit={LIMITS.customFieldTitle}
                value={field.title}
                error={errors[`customFields.${index}.title`]}
                onChange={(event) => update(index, { title: event.target.value })}
              />
            </Col>
          </Row>
          <CountedField
            name={`customFields.${index}.description`}
            label={t('page.petition.custom_field_description')}
            limit={LIMITS.customFieldDescription}
            value={field.description}
            error={errors[`customFields.${index}.description`]}
            onChange={(event) => update(index, { description: event.target.value })}
          />
          <div className="d-flex justify-content-between align-items-center">
            <Form.Check
              type="switch"
              id={`custom-${index}-required`}
              label={t('page.petition.required')}
              checked={field.required}
              onChange={(event) => update(index, { required: event.target.checked })}
            />
            <RemoveButton
              label={t('page.petition.remove')}
              onClick={() => onChange(fields.filter((_, position) => position !== index))}
            />
          </div>
        </Card>
      ))}
      <Button
        variant="outline-primary"
        size="sm"
        onClick={add}
        aria-label={t('page.petition.add_custom_field')}
      >
        +
      </Button>
    </section>
  )
}

/** 7. Settings: switches with their info texts and the target select. */
export function SettingsSection({
  data,
  editing,
  onChange,
}: {
  data: PetitionFormData
  editing: boolean
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
    <section className="form-section" data-testid="settings-section">
      <h2 className="h4">{t('page.petition.settings_title')}</h2>
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
    </section>
  )
}
