import { Link } from '@adonisjs/inertia/react'
import { Col, Container, Row } from 'react-bootstrap'
import SubscriptionForm from './subscription_form.tsx'
import { LOCALES, localeLabel, type Locale } from '@app/i18n/locales.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { languageHref } from '~/lib/language_href.ts'
import { handOverTo } from '~/lib/language_hand_over.ts'

const CHARITY_URL = 'https://www.icrc.org/en/donate'

/** The shared footer. */
export default function Footer({ contactEmail }: { contactEmail?: string }) {
  const { t } = useTranslation()
  const { appName, appUrl, appLocale, general, xUserName, user } = useSharedProps()
  // A member going to another language's home stays logged in there, where each site keeps its own session.
  const goTo = async (event: React.MouseEvent, locale: Locale) => {
    if (!user || !general.sessionPerSite || locale === appLocale) return
    event.preventDefault()
    if (!(await handOverTo(locale, '/')))
      window.location.assign(languageHref(locale, appUrl, general.domain))
  }
  const email =
    contactEmail ?? `contact@${general.domain.includes('.') ? general.domain : 'undersign.org'}`
  const year = new Date().getFullYear()

  return (
    <footer className="bg-dark text-light pt-5 pb-4 mt-5 d-print-none">
      <Container>
        <Row className="gy-4">
          <Col md={5}>
            <h2 className="h5 fw-bold">{appName}</h2>
            <p className="footer-muted small">{t('common.footer.description')}</p>
            <nav aria-label={t('common.footer.languages')} className="d-flex flex-wrap gap-2">
              {LOCALES.map((locale) => (
                <a
                  key={locale}
                  href={languageHref(locale, appUrl, general.domain)}
                  className="link-light small footer-language"
                  lang={locale}
                  onClick={(event) => void goTo(event, locale)}
                >
                  {localeLabel(locale)}
                </a>
              ))}
            </nav>
          </Col>
          <Col md={3}>
            <h2 className="h6 text-uppercase">{t('common.footer.useful_links')}</h2>
            <ul className="list-unstyled small link-list">
              <li>
                <Link className="link-light" route="privacy_policy">
                  {t('common.footer.privacy_policy')}
                </Link>
              </li>
              <li>
                <Link className="link-light" route="faq">
                  {t('common.footer.faq')}
                </Link>
              </li>
              <li>
                <Link className="link-light" route="api.docs">
                  {t('api_docs.footer_link')}
                </Link>
              </li>
              <li>
                <Link className="link-light" route="contacts.show">
                  {t('common.footer.contacts')}
                </Link>
              </li>
              <li>
                <a className="link-light" href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            </ul>
            <h2 className="h6 text-uppercase mt-3">{t('common.footer.follow_us')}</h2>
            <ul className="list-unstyled small d-flex gap-3">
              {xUserName && (
                <li>
                  <a
                    className="link-light"
                    href={`https://x.com/${encodeURIComponent(xUserName)}`}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    X
                  </a>
                </li>
              )}
              <li>
                <a className="link-light" href={`mailto:${email}`}>
                  {t('common.footer.contact_us')}
                </a>
              </li>
            </ul>
            <a
              className="link-warning small"
              href={CHARITY_URL}
              rel="noopener noreferrer"
              target="_blank"
            >
              {t('common.footer.charity')}
            </a>
          </Col>
          <Col md={4}>
            <h2 className="h6 text-uppercase">{t('common.footer.newsletter_title')}</h2>
            <p className="small footer-muted">{t('common.footer.newsletter_text')}</p>
            <SubscriptionForm />
          </Col>
        </Row>
        <hr className="border-secondary" />
        <p className="small mb-0 footer-muted">
          {t('common.footer.copyright', { year, appName })} ·{' '}
          <Link className="link-light" route="privacy_policy">
            {t('common.footer.privacy_policy')}
          </Link>
        </p>
      </Container>
    </footer>
  )
}
