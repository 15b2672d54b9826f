import { Alert, Card, Col, Form, Row } from 'react-bootstrap'
import CountedField from '~/components/petition/counted_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { LIMITS, MAX_LETTERS, MAX_RECIPIENTS_PER_LETTER } from '@app/shared/petitions/constants.ts'
import { listField } from './list_field.ts'
import AddressReviewNote, { type AddressReview } from './address_review.tsx'
import {
  FormSection,
  ItemHeader,
  AddButton,
  RemoveButton,
  type Change,
  type Errors,
  type PetitionFormData,
} from './shared.tsx'

type Letter = PetitionFormData['letters'][number]

/**
 * Letters to recipients, up to MAX_LETTERS: up to 3 recipients each, added
 * with '+ Add a recipient', '#n' labels.
 */
export default function LettersSection({
  letters,
  reviews,
  errors,
  onChange,
  onWarning,
}: {
  letters: PetitionFormData['letters']
  reviews: AddressReview[]
  errors: Errors
  onChange: Change<'letters'>
  onWarning: (text: string) => void
}) {
  const { t } = useTranslation()
  const list = listField(letters, onChange)
  return (
    <FormSection
      testId="letters-section"
      title={t('page.petition.letters_title')}
      listName="letters"
      errors={errors}
    >
      {letters.map((letter, index) => (
        <Card
          body
          className="mb-3"
          key={letter.id ?? `new-${index}`}
          data-testid={`letter-${index}`}
        >
          <ItemHeader index={index} onRemove={index > 0 ? () => list.remove(index) : undefined} />
          <Recipients
            letter={letter}
            index={index}
            reviews={reviews}
            errors={errors}
            onChange={(recipients) => list.update(index, { recipients })}
            onWarning={onWarning}
          />
          <CountedField
            name={`letters.${index}.payload`}
            as="textarea"
            rows={5}
            label={t('page.petition.letter_text')}
            limit={LIMITS.letter}
            value={letter.payload}
            error={errors[`letters.${index}.payload`]}
            onChange={(event) => list.update(index, { payload: event.target.value })}
          />
        </Card>
      ))}
      <AddButton
        disabled={letters.length >= MAX_LETTERS}
        onClick={() =>
          list.add({ payload: '', recipients: [{ name: '', payload: '', email: '' }] })
        }
      >
        {t('page.petition.add_letter')}
      </AddButton>
    </FormSection>
  )
}

/** The id of a field's input, from its path (as CountedField makes it). */
const fieldId = (name: string) => `field-${name}`

/**
 * A letter's recipients: name, designation and their private address, '×'
 * on all but the first, '+ Add a recipient' under them. The address is where
 * the petition is mailed at each milestone; only the owner and moderators
 * see it. A recipient keeps its id, which the form sends back.
 */
function Recipients({
  letter,
  index,
  reviews,
  errors,
  onChange,
  onWarning,
}: {
  letter: Letter
  index: number
  reviews: AddressReview[]
  errors: Errors
  onChange: (recipients: Letter['recipients']) => void
  onWarning: (text: string) => void
}) {
  const { t } = useTranslation()
  const list = listField(letter.recipients, onChange)
  const add = () => {
    if (letter.recipients.length >= MAX_RECIPIENTS_PER_LETTER) {
      return onWarning(t('page.petition.max_recipients_riches'))
    }
    list.add({ name: '', payload: '', email: '' })
  }
  const path = (row: number) => `letters.${index}.recipients.${row}`
  return (
    <>
      {letter.recipients.map((recipient, row) => {
        const email = `${path(row)}.email`
        const hint = `${fieldId(email)}-hint`
        // Only about the address as stored: a new one waits for the next save.
        const review = reviews.find(
          (one) =>
            one.recipientId === recipient.id && one.email === recipient.email.trim().toLowerCase()
        )
        return (
          <Row
            className={`g-2 align-items-start${row > 0 ? ' border-top pt-2' : ''}`}
            key={row}
            data-testid={`recipient-${index}-${row}`}
          >
            <Col sm={5}>
              <CountedField
                name={`${path(row)}.name`}
                label={t('page.petition.recipient_name')}
                limit={LIMITS.recipientName}
                value={recipient.name}
                error={errors[`${path(row)}.name`]}
                onChange={(event) => list.update(row, { name: event.target.value })}
              />
            </Col>
            <Col sm={5}>
              <CountedField
                name={`${path(row)}.payload`}
                label={t('page.petition.recipient_designation')}
                limit={LIMITS.recipientDesignation}
                value={recipient.payload}
                error={errors[`${path(row)}.payload`]}
                onChange={(event) => list.update(row, { payload: event.target.value })}
              />
            </Col>
            {/* On a phone the remove button comes after the recipient's fields. */}
            <Col sm={2} className="pt-sm-4 mt-sm-2 order-last order-sm-0">
              {row > 0 && <RemoveButton onClick={() => list.remove(row)} />}
            </Col>
            <Col sm={10}>
              <Form.Group className="mb-3" controlId={fieldId(email)}>
                <Form.Label>{t('page.petition.recipient_email')}</Form.Label>
                <Form.Control
                  type="email"
                  name={email}
                  value={recipient.email}
                  autoComplete="off"
                  isInvalid={Boolean(errors[email])}
                  aria-invalid={errors[email] ? true : undefined}
                  aria-describedby={[
                    hint,
                    review && `${fieldId(email)}-review`,
                    errors[email] && `${fieldId(email)}-error`,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  onChange={(event) => list.update(row, { email: event.target.value })}
                />
                {errors[email] && (
                  <Form.Control.Feedback
                    type="invalid"
                    id={`${fieldId(email)}-error`}
                    data-error-for={email}
                  >
                    {errors[email]}
                  </Form.Control.Feedback>
                )}
                <Form.Text id={hint} muted>
                  {t('page.petition.recipient_email_hint')}
                </Form.Text>
                {review && <AddressReviewNote review={review} id={`${fieldId(email)}-review`} />}
              </Form.Group>
            </Col>
          </Row>
        )
      })}
      <AddButton onClick={add} className="mb-3" testId={`add-recipient-${index}`}>
        {t('page.petition.add_recipient')}
      </AddButton>
      {errors[`letters.${index}.recipients`] && (
        <Alert variant="danger" className="py-2">
          {errors[`letters.${index}.recipients`]}
        </Alert>
      )}
    </>
  )
}
