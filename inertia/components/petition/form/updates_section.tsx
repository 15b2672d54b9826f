import { Card, Col, Form, Row } from 'react-bootstrap'
import DatePicker from 'react-datepicker'
import CountedField from '~/components/petition/counted_field.tsx'
import { CALENDAR_LOCALES } from '~/components/day_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { LIMITS, MAX_UPDATES } from '@app/shared/petitions/constants.ts'
import { listField } from './list_field.ts'
import {
  AddButton,
  FormSection,
  ItemHeader,
  ListError,
  type Change,
  type Errors,
  type PetitionFormData,
} from './shared.tsx'

const toIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const fromIsoDate = (value: string) => {
  const [year, month, day] = value.split('-').map(Number)
  return year ? new Date(year, month - 1, day) : null
}

/** News updates, up to MAX_UPDATES: title, a date (MM.dd.yyyy, never after today), description. */
export default function UpdatesSection({
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
  const { t, locale } = useTranslation()
  const list = listField(updates, onChange)
  return (
    <FormSection
      testId="updates-section"
      title={t('page.petition.updates_title')}
      listName="updates"
      errors={errors}
    >
      {/* The dates are checked in the time zone the browser sent. */}
      <ListError field="timeZone" errors={errors} />
      {updates.map((item, index) => (
        <Card body className="mb-3" key={item.id ?? `new-${index}`} data-testid={`update-${index}`}>
          <ItemHeader index={index} onRemove={index > 0 ? () => list.remove(index) : undefined} />
          <Row className="g-2">
            <Col md={8}>
              <CountedField
                name={`updates.${index}.title`}
                label={t('page.petition.update_title')}
                limit={LIMITS.updateTitle}
                value={item.title}
                error={errors[`updates.${index}.title`]}
                onChange={(event) => list.update(index, { title: event.target.value })}
              />
            </Col>
            <Col md={4}>
              <Form.Group className="mb-3" controlId={`updates-${index}-date`}>
                <Form.Label>{t('page.petition.update_date')}</Form.Label>
                <DatePicker
                  selected={fromIsoDate(item.createdAt)}
                  onChange={(date: Date | null) =>
                    list.update(index, { createdAt: date ? toIsoDate(date) : '' })
                  }
                  dateFormat="MM.dd.yyyy"
                  locale={CALENDAR_LOCALES[locale]}
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
            onChange={(event) => list.update(index, { description: event.target.value })}
          />
        </Card>
      ))}
      {editing && (
        <AddButton
          disabled={updates.length >= MAX_UPDATES}
          onClick={() => list.add({ title: '', createdAt: toIsoDate(new Date()), description: '' })}
        >
          {t('page.petition.add_update')}
        </AddButton>
      )}
    </FormSection>
  )
}
