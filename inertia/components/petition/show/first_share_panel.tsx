import { useEffect, useRef } from 'react'
import { Card } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import ShareWidget from './share_widget.tsx'

/**
 * Shown once, to the owner who has just published the petition: it is
 * live, and the first ways to share it (copy link, WhatsApp, e-mail). It
 * takes focus, so that a screen reader reads it first.
 */
export default function FirstSharePanel({
  url,
  title,
  slug,
}: {
  url: string
  title: string
  slug: string
}) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // The save kept the form's scroll: the live page starts at its top, the panel in view.
    window.scrollTo({ top: 0, behavior: 'instant' })
    heading.current?.focus({ preventScroll: true })
  }, [])
  return (
    <Card
      as="section"
      className="border-success shadow-sm mt-4"
      aria-labelledby="first-share-title"
      data-testid="first-share"
    >
      <Card.Body>
        <h2 id="first-share-title" className="h4 fw-bold" ref={heading} tabIndex={-1}>
          {t('page.petition_page.first_share_title')}
        </h2>
        <p>{t('page.petition_page.first_share_text')}</p>
        <ShareWidget url={url} title={title} slug={slug} only={['whatsapp', 'email']} />
      </Card.Body>
    </Card>
  )
}
