import { Card, Col, Form, Row } from 'react-bootstrap'
import CountedField from '~/components/petition/counted_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { CUSTOM_FIELD_TYPES, LIMITS, MAX_CUSTOM_FIELDS } from '@app/shared/petitions/constants.ts'
import { listField } from './list_field.ts'
import {
  AddButton,
  FormSection,
  RemoveButton,
  type Change,
  type Errors,
  type PetitionFormData,
} from './shared.tsx'

/** Extra fields signers fill in: type, title, description, required; at most MAX_CUSTOM_FIELDS. */
export default function CustomFieldsSection({
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
  const list = listField(fields, onChange)
  const add = () => {
    if (fields.length >= MAX_CUSTOM_FIELDS) return onWarning(t('page.petition.max_custom_fields'))
    list.add({ type: 'text', title: '', description: '', required: false })
  }
  return (
    <FormSection
      testId="custom-fields-section"
      title={t('page.petition.custom_fields_title')}
      listName="customFields"
      errors={errors}
    >
      {fields.length === 0 && <p className="text-muted">{t('page.petition.custom_fields_info')}</p>}
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
                    list.update(index, { type: event.target.value as typeof field.type })
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
                onChange={(event) => list.update(index, { title: event.target.value })}
              />
            </Col>
          </Row>
          <CountedField
            name={`customFields.${index}.description`}
            label={t('page.petition.custom_field_description')}
            limit={LIMITS.customFieldDescription}
            value={field.description}
            error={errors[`customFields.${index}.description`]}
            onChange={(event) => list.update(index, { description: event.target.value })}
          />
          <div className="d-flex justify-content-between align-items-center">
            <Form.Check
              type="switch"
              id={`custom-${index}-required`}
              label={t('page.petition.required')}
              checked={field.required}
              onChange={(event) => list.update(index, { required: event.target.checked })}
            />
            <RemoveButton onClick={() => list.remove(index)} />
          </div>
        </Card>
      ))}
      <AddButton onClick={add}>{t('page.petition.add_custom_field')}</AddButton>
    </FormSection>
  )
}
