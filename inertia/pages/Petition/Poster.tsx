import { Link } from '@adonisjs/inertia/react'
import { Button, Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

type PetitionPosterProps = {
  petition: Data.PetitionPoster
}

/**
 * A poster to print and pin up: the title, whom it addresses, its goal, the
 * QR code of its address and the address in text. On paper only the sheet
 * is printed, on one A4 page (the site's menus and these buttons stay off).
 */
export default function Poster({ petition }: PetitionPosterProps) {
  const { t } = useTranslation()
  const { appUrl } = useSharedProps()
  const path = urlFor('petitions.show', { slug: petition.slug })
  const address = `${appUrl}${path}`
  return (
    <AppLayout
      title={t('page.poster.title', { title: petition.title })}
      description={petition.target || petition.title}
      path={urlFor('petitions.poster', { slug: petition.slug })}
      // The petition page is the one to find; this is its printout.
      noindex
    >
      <Container className="py-4">
        <div className="d-flex flex-wrap align-items-center gap-3 mb-4 d-print-none">
          <Link
            route="petitions.show"
            routeParams={{ slug: petition.slug }}
            className="btn btn-outline-secondary"
          >
            {t('page.poster.back')}
          </Link>
          <Button variant="primary" onClick={() => window.print()} data-testid="print-poster">
            {t('page.poster.print')}
          </Button>
          <span className="small text-muted">{t('page.poster.hint')}</span>
        </div>
        <article className="poster" data-testid="poster">
          <p className="poster-call mb-3">
            {petition.open ? t('page.poster.call') : t('page.poster.closed')}
          </p>
          <h1 className="poster-title mb-3">{petition.title}</h1>
          {petition.target ? (
            <p className="fs-4 mb-2">
              {t('page.poster.addressed_to', { target: petition.target })}
            </p>
          ) : null}
          <p className="fs-5 fw-semibold mb-4">
            {t('page.petition_card.target', { targetSignatures: petition.targetSignatures })}
          </p>
          <img
            className="poster-qr d-block mx-auto mb-3"
            src={urlFor('petitions.qr', { slug: petition.slug })}
            alt={t('page.poster.qr_alt')}
            width={300}
            height={300}
          />
          {petition.open ? <p className="fs-5 mb-1">{t('page.poster.scan')}</p> : null}
          <p className="mb-1">{t('page.poster.or_visit')}</p>
          <p className="poster-url mb-0" data-testid="poster-url">
            {address}
          </p>
        </article>
      </Container>
    </AppLayout>
  )
}
