import { Head, usePage } from '@inertiajs/react'
import { useSharedProps } from '~/lib/shared.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { languageSiteUrl } from '~/lib/language_href.ts'
import { canonicalQuery } from '~/lib/canonical.ts'
import { jsonLdText } from '~/lib/json_ld.ts'
import { urlFor } from '~/client.ts'
import { DEFAULT_LOCALE, LOCALES } from '@app/i18n/locales.ts'

type SeoProps = {
  title: string
  description?: string | null
  image?: string | null
  path?: string
  noindex?: boolean
  /** Structured data (schema.org) for search engines, on indexable pages only. */
  jsonLd?: object | null
}

/**
 * Title and social-sharing meta tags, rendered on the server with
 * the page so that link previews see them. Every page gets a description:
 * its own, else the site's, in the page's language.
 */
export default function Seo({ title, description, image, path, noindex, jsonLd }: SeoProps) {
  const { appName, appUrl, appLocale, xUserName, general } = useSharedProps()
  const { t } = useTranslation()
  const { url: pageUrl } = usePage()
  const metaDescription = description?.trim() || t('common.footer.description')
  // The page's own address without what does not change it: on its language's
  // site, with the page number and the list's filters only (never a search).
  const pagePath = path ?? pageUrl.split(/[?#]/)[0]
  const address = pagePath + canonicalQuery(pageUrl, pagePath, urlFor('petitions.index'))
  const inLanguage = (locale: (typeof LOCALES)[number]) =>
    `${languageSiteUrl(locale, appUrl, general.domain)}${address}`
  const url = `${appUrl}${address}`
  const imageUrl = image
    ? image.startsWith('http')
      ? image
      : `${appUrl}${image}`
    : `${appUrl}/share.png`
  const fullTitle = `${title} | ${appName}`
  return (
    <Head title={title}>
      <meta head-key="description" name="description" content={metaDescription} />
      <link head-key="canonical" rel="canonical" href={url} />
      <meta head-key="og:type" property="og:type" content="website" />
      <meta head-key="og:site_name" property="og:site_name" content={appName} />
      <meta head-key="og:locale" property="og:locale" content={appLocale} />
      <meta head-key="og:title" property="og:title" content={fullTitle} />
      <meta head-key="og:description" property="og:description" content={metaDescription} />
      <meta head-key="og:image" property="og:image" content={imageUrl} />
      <meta head-key="og:url" property="og:url" content={url} />
      <meta head-key="twitter:card" name="twitter:card" content="summary_large_image" />
      {xUserName ? (
        <meta head-key="twitter:site" name="twitter:site" content={`@${xUserName}`} />
      ) : null}
      <meta head-key="twitter:title" name="twitter:title" content={fullTitle} />
      <meta head-key="twitter:description" name="twitter:description" content={metaDescription} />
      <meta head-key="twitter:image" name="twitter:image" content={imageUrl} />
      {noindex ? <meta head-key="robots" name="robots" content="noindex" /> : null}
      {jsonLd && !noindex ? (
        <script head-key="json-ld" type="application/ld+json">
          {jsonLdText(jsonLd)}
        </script>
      ) : null}
      {/* The same page on every language's site, for search engines to offer the reader's. */}
      {noindex
        ? null
        : [...LOCALES, 'x-default' as const].map((language) => (
            <link
              key={language}
              head-key={`hreflang-${language}`}
              rel="alternate"
              hrefLang={language}
              href={inLanguage(language === 'x-default' ? DEFAULT_LOCALE : language)}
            />
          ))}
    </Head>
  )
}
