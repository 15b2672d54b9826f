import type { ReactNode } from 'react'
import Header from '~/components/header.tsx'
import Footer from '~/components/footer.tsx'
import FlashToasts from '~/components/flash_toasts.tsx'
import SwalMessages from '~/components/swal_messages.tsx'
import LoadingOverlay from '~/components/loading_overlay.tsx'
import Seo from '~/components/seo.tsx'
import { useSharedProps } from '~/lib/shared.ts'
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
  const { alerts, swal } = useSharedProps()
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
      <FlashToasts alerts={alerts} />
      <SwalMessages swal={swal} />
      <LoadingOverlay />
    </div>
  )
}
