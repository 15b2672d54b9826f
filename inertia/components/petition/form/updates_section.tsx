import { useState } from 'react'
import { Card, Col, Row } from 'react-bootstrap'
import CountedField from '~/components/petition/counted_field.tsx'
import DayField from '~/components/day_field.tsx'
import { localDay } from '~/lib/time_zone.ts'
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

/** News updates, up to MAX_UPDATES: title, a day (never after today), description. */
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
  const { t } = useTranslation()
  const list = listField(updates, onChange)
  // The member's today, read once: the newest day an update may carry.
  const [today] = useState(() => localDay())
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
              <DayField
                id={`updates-${index}-date`}
                name={`updates.${index}.createdAt`}
                label={t('page.petition.update_date')}
                value={item.createdAt || null}
                error={errors[`updates.${index}.createdAt`]}
                max={today}
                todayLabel={t('page.petition.now')}
                onChange={(day) => list.update(index, { createdAt: day ?? '' })}
              />
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
          onClick={() => list.add({ title: '', createdAt: today, description: '' })}
        >
          {t('page.petition.add_update')}
        </AddButton>
      )}
    </FormSection>
  )
}
