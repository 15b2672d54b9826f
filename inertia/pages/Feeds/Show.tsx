import { Alert, Container, Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'

type FeedEntry = { guid: string; title: string; url: string; publishedOn: string; summary: string }

type FeedProps = {
  title: string
  subtitle: string
  /** The feed's full address, to paste into a feed reader. */
  feedUrl: string
  feedPath: string
  /** The petition list the feed follows. */
  listPath: string
  entries: FeedEntry[]
}

/**
 * A feed's address opened in a browser: what a feed is and how to follow
 * it, its address to copy, and its newest petitions as the feed gives them.
 */
export default function Show({ title, subtitle, feedUrl, feedPath, listPath, entries }: FeedProps) {
  const { t, locale } = useTranslation()
  return (
    <AppLayout title={title} description={subtitle} path={feedPath}>
      <Container className="page-section" style={{ maxWidth: 860 }}>
        <h1 className="fw-bold mb-2 text-break">{title}</h1>
        <p className="text-muted">{subtitle}</p>
        <Alert variant="info" data-testid="feed-explained">
          <p>{t('page.feed.what')}</p>
          <Form.Group controlId="feed-address" className="mb-0">
            <Form.Label className="fw-semibold">{t('page.feed.address')}</Form.Label>
            <Form.Control
              readOnly
              value={feedUrl}
              onFocus={(event) => event.currentTarget.select()}
            />
          </Form.Group>
        </Alert>
        <p>
          <a href={listPath}>{t('page.feed.see_list')}</a>
        </p>
        <h2 className="h4 mt-4">{t('page.feed.entries')}</h2>
        {entries.length === 0 ? (
          <p className="text-muted" data-testid="feed-empty">
            {t('page.feed.empty')}
          </p>
        ) : (
          <ol className="list-unstyled news-list mb-0">
            {entries.map((entry) => (
              <li key={entry.guid} className="news-item" data-testid="feed-entry">
                <p className="small text-body-secondary mb-1">
                  <time dateTime={entry.publishedOn}>{formatDate(locale, entry.publishedOn)}</time>
                </p>
                <h3 className="h5 mb-1">
                  <a href={entry.url}>{entry.title}</a>
                </h3>
                {entry.summary && <p className="mb-0">{entry.summary}</p>}
              </li>
            ))}
          </ol>
        )}
      </Container>
    </AppLayout>
  )
}
