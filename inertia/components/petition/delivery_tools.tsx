import { Button, Card, Col, Form, Row } from 'react-bootstrap'
import { LOCALES, isLocale } from '@app/i18n/locales.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { urlFor } from '~/client.ts'

/** A recipient of the petition's letters, as the package's select offers them. */
export type DeliveryRecipientOption = { id: number; name: string; designation: string | null }

type DeliveryToolsProps = {
  guid: string
  /** Whom the petition addresses: the general package's recipient when no letter has one. */
  target: string
  /** The petition's language: the documents' language unless the owner picks another. */
  lang: string
  recipients: DeliveryRecipientOption[]
  /** For the plain form POSTs, which cannot send the X-XSRF-TOKEN header. */
  csrfToken: string
}

const PAPER_SIZES = ['a4', 'letter'] as const

/** A labelled select with the server's error under it. */
function SelectField({
  id,
  name,
  label,
  defaultValue,
  error,
  children,
}: {
  id: string
  name: string
  label: string
  defaultValue: string
  error?: string
  children: React.ReactNode
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        defaultValue={defaultValue}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </Form.Select>
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} data-error-for={name}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  )
}

/**
 * The owner's printing and hand-over: a signature sheet to print and the
 * delivery package for the recipients, each a plain form POST whose answer
 * the browser saves (a PDF, or a ZIP of one PDF per recipient).
 */
export default function DeliveryTools({
  guid,
  target,
  lang,
  recipients,
  csrfToken,
}: DeliveryToolsProps) {
  const { t } = useTranslation()
  const { errors } = useSharedProps()
  const language = isLocale(lang) ? lang : 'en'
  const fieldError = (name: string) =>
    typeof errors?.[name] === 'string' ? (errors[name] as string) : undefined

  const paperSizeField = (form: string) => (
    <SelectField
      id={`${form}-paper-size`}
      name="paperSize"
      label={t('delivery.tools.paper_size')}
      defaultValue="a4"
      error={fieldError('paperSize')}
    >
      {PAPER_SIZES.map((size) => (
        <option key={size} value={size}>
          {t(`delivery.tools.paper_sizes.${size}`)}
        </option>
      ))}
    </SelectField>
  )
  const languageField = (form: string) => (
    <SelectField
      id={`${form}-language`}
      name="language"
      label={t('delivery.tools.language')}
      defaultValue={language}
      error={fieldError('language')}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`common.languages.${locale}`)}
        </option>
      ))}
    </SelectField>
  )

  return (
    <section className="mb-4" aria-labelledby="delivery-tools-title" data-testid="delivery-tools">
      <h2 className="h4" id="delivery-tools-title">
        {t('delivery.tools.title')}
      </h2>
      <p className="text-muted">{t('delivery.tools.intro')}</p>
      <Row className="g-3">
        <Col md={6}>
          <Card className="h-100">
            <Card.Body>
              <h3 className="h5">{t('delivery.tools.sheet_title')}</h3>
              <p className="small text-muted">{t('delivery.tools.sheet_help')}</p>
              {/* A plain form POST: the browser saves the PDF itself. */}
              <form
                method="post"
                action={urlFor('petitions.sheet', { guid })}
                data-testid="sheet-form"
              >
                <input type="hidden" name="_csrf" value={csrfToken} />
                {paperSizeField('sheet')}
                {languageField('sheet')}
                <Button type="submit" variant="outline-primary" data-testid="sheet-download">
                  {t('delivery.tools.sheet_submit')}
                </Button>
              </form>
            </Card.Body>
          </Card>
        </Col>
        <Col md={6}>
          <Card className="h-100">
            <Card.Body>
              <h3 className="h5">{t('delivery.tools.package_title')}</h3>
              <p className="small text-muted">{t('delivery.tools.package_help')}</p>
              <form
                method="post"
                action={urlFor('petitions.delivery', { guid })}
                data-testid="package-form"
              >
                <input type="hidden" name="_csrf" value={csrfToken} />
                {recipients.length > 0 ? (
                  <SelectField
                    id="package-recipient"
                    name="recipient"
                    label={t('delivery.tools.recipient')}
                    defaultValue=""
                    error={fieldError('recipient')}
                  >
                    <option value="">{t('delivery.tools.all_recipients')}</option>
                    {recipients.map((recipient) => (
                      <option key={recipient.id} value={recipient.id}>
                        {recipient.designation
                          ? `${recipient.name}, ${recipient.designation}`
                          : recipient.name}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                  <p className="mb-3">{t('delivery.tools.general_recipient', { target })}</p>
                )}
                {paperSizeField('package')}
                {languageField('package')}
                <Form.Check
                  className="mb-3"
                  type="checkbox"
                  id="package-include-list"
                  name="includeList"
                  value="true"
                  label={t('delivery.tools.include_list')}
                />
                <Button type="submit" variant="primary" data-testid="package-download">
                  {t('delivery.tools.package_submit')}
                </Button>
                <p className="small text-muted mt-2 mb-0">{t('delivery.tools.package_slow')}</p>
              </form>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </section>
  )
}
