import type { ReactNode } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'

type LinkTo = { href: string; label: string }

type LinkButton = {
  label: string
  variant?: string
  testId: string
  /** What the button posts (nothing by default). */
  data?: Record<string, string>
}

export type MailedLinkPageProps = {
  title: string
  /** The signed URL the button posts to; null when the link is not valid. */
  actionUrl: string | null
  /** What the link asks, and the button that does it. */
  prompt: string
  /** Above the prompt: what the link is about (the petition it names). */
  summary?: ReactNode
  button: LinkButton
  /** Another answer the link offers, below the button, with a line that says what it does. */
  otherButton?: LinkButton & { hint: string }
  /** Shown instead of the button once the link has been used. */
  done?: { when: boolean; text: string; testId: string }
  invalid: { text: string; testId: string; link: LinkTo }
  back: LinkTo
  /** Above the card: messages of a refused post. */
  children?: ReactNode
}

/**
 * The page of a link sent by mail. Opening the link changes nothing: only
 * the button, which posts to the same signed URL, acts, so that mail
 * scanners that open every link cannot act for the reader.
 */
export default function MailedLinkPage(props: MailedLinkPageProps) {
  const { title, actionUrl, prompt, summary, button, otherButton, done, invalid, back, children } =
    props
  const form = useForm({})

  const post = (data: Record<string, string> = {}) => {
    if (!actionUrl) return
    form.transform(() => data)
    form.post(actionUrl)
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    post(button.data)
  }

  return (
    <AppLayout title={title} noindex>
      <Container className="page-section">
        <Row className="justify-content-center">
          <Col lg={7}>
            <h1 className="fw-bold mb-4">{title}</h1>
            {children}
            {!actionUrl ? (
              <Alert variant="danger" data-testid={invalid.testId}>
                <p>{invalid.text}</p>
                <Link href={invalid.link.href}>{invalid.link.label}</Link>
              </Alert>
            ) : (
              <Card className="shadow-sm">
                <Card.Body className="p-4">
                  {summary}
                  {done?.when ? (
                    <p data-testid={done?.testId}>{done?.text}</p>
                  ) : (
                    <form onSubmit={submit}>
                      <p>{prompt}</p>
                      <Button
                        type="submit"
                        size="lg"
                        variant={button.variant ?? 'primary'}
                        disabled={form.processing}
                        data-testid={button.testId}
                      >
                        {button.label}
                      </Button>
                      {otherButton && (
                        <div className="mt-4 pt-3 border-top">
                          <p id={`${otherButton.testId}-hint`}>{otherButton.hint}</p>
                          <Button
                            type="button"
                            variant={otherButton.variant ?? 'outline-secondary'}
                            disabled={form.processing}
                            onClick={() => post(otherButton.data)}
                            aria-describedby={`${otherButton.testId}-hint`}
                            data-testid={otherButton.testId}
                          >
                            {otherButton.label}
                          </Button>
                        </div>
                      )}
                    </form>
                  )}
                  <p className="mt-4 mb-0">
                    <Link href={back.href}>{back.label}</Link>
                  </p>
                </Card.Body>
              </Card>
            )}
          </Col>
        </Row>
      </Container>
    </AppLayout>
  )
}
