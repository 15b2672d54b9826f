import { Head } from '@inertiajs/react'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/**
 * The petition as open data: its figures as JSON, its signatures by country,
 * and its history by day as JSON and CSV. Linked for people at the foot of
 * the page, and announced in the page's head for programs.
 */
export default function OpenDataLinks({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const links = [
    {
      url: urlFor('open_data.petition', { slug }),
      type: 'application/json',
      label: t('page.open_data.petition_json'),
    },
    {
      url: urlFor('open_data.countries', { slug }),
      type: 'application/json',
      label: t('page.open_data.countries_json'),
    },
    {
      url: urlFor('open_data.history', { slug }),
      type: 'application/json',
      label: t('page.open_data.history_json'),
    },
    {
      url: urlFor('open_data.history_csv', { slug }),
      type: 'text/csv',
      label: t('page.open_data.history_csv'),
    },
  ]
  return (
    <section
      className="petition-show-section"
      aria-labelledby="open-data-title"
      data-testid="open-data"
    >
      <Head>
        {links.map((link) => (
          <link
            key={link.url}
            rel="alternate"
            type={link.type}
            title={link.label}
            href={link.url}
          />
        ))}
      </Head>
      <h2 className="h6 fw-bold mb-1" id="open-data-title">
        {t('page.open_data.title')}
      </h2>
      <p className="small text-body-secondary mb-2">{t('page.open_data.intro')}</p>
      <ul className="list-inline small mb-0 link-list">
        {links.map((link) => (
          <li key={link.url} className="list-inline-item">
            <a href={link.url}>{link.label}</a>
          </li>
        ))}
      </ul>
    </section>
  )
}
