import { Card, Col, Row } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

/** The letters with their recipients; plain text, line breaks kept. */
export default function LettersSection({ letters }: { letters: Data.PetitionShow['letters'] }) {
  const { t } = useTranslation()
  if (letters.length === 0) return null
  return (
    <section className="petition-show-section" data-testid="letters-section">
      <h2 className="h4 mb-3">{t('page.show.letters')}</h2>
      {letters.map((letter, index) => (
        <article key={letter.id} className="mb-4" data-testid="letter">
          <h3 className="h5">{t('page.show.letter_title', { index: index + 1 })}</h3>
          {letter.recipients.length > 0 && (
            <Row xs={1} md={3} className="g-3 mb-3">
              {letter.recipients.map((recipient, position) => (
                <Col key={position}>
                  <Card className="h-100" data-testid="letter-recipient">
                    <Card.Body>
                      <Card.Title as="h4" className="h6">
                        {recipient.name}
                      </Card.Title>
                      <Card.Text className="petition-plain-text small mb-0">
                        {recipient.payload}
                      </Card.Text>
                    </Card.Body>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
          <div className="petition-plain-text petition-letter-body">{letter.payload}</div>
        </article>
      ))}
    </section>
  )
}
