import type { ReactNode } from 'react'
import Header from '~/components/header.tsx'
import Footer from '~/components/footer.tsx'
import Flash from '~/components/flash.tsx'
import LoadingOverlay from '~/components/loading_overlay.tsx'
import Seo from '~/components/seo.tsx'
import { useTranslation } from '~/i18n/context.tsx'

type AppLayoutProps = {
  title: string
  description?: string | null
  image?: string | null
  path?: string
  noindex?: boolean
  /** Structured data for search engines (see Seo). */
  jsonLd?: object | null
  contactEmail?: string
  children: ReactNode
}

/** The layout every page shares. */
export default function AppLayout({
  title,
  description,
  image,
  path,
  noindex,
  jsonLd,
  contactEmail,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation()
  return (
    <div className="d-flex flex-column min-vh-100">
      <Seo
        title={title}
        description={description}
        image={image}
        path={path}
        noindex={noindex}
        jsonLd={jsonLd}
      />
      {/* The first stop of the Tab key: keyboard users jump over the navigation. */}
      <a href="#main-content" className="visually-hidden-focusable skip-link">
        {t('common.skip_to_content')}
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-grow-1">
        {children}
      </main>
      <Footer contactEmail={contactEmail} />
      <Flash at="page" />
      <LoadingOverlay />
    </div>
  )
}
