import { Link } from '@inertiajs/react'
import type { PaginationLink } from '@app/services/http/pagination.ts'
import { useTranslation } from '~/i18n/context.tsx'

/** The paginator's links: labels are HTML; a link without url cannot be clicked. */
export default function Pagination({ links }: { links: PaginationLink[] }) {
  const { t } = useTranslation()
  if (links.length <= 3) return null
  return (
    <nav aria-label={t('common.pagination.label')}>
      <ul className="pagination flex-wrap justify-content-center">
        {links.map((link, index) => (
          <li
            key={`${index}-${link.label}`}
            className={`page-item${link.active ? ' active' : ''}${link.url ? '' : ' disabled'}`}
          >
            {link.url ? (
              <Link
                className="page-link"
                href={link.url}
                preserveScroll
                aria-current={link.active ? 'page' : undefined}
                dangerouslySetInnerHTML={{ __html: link.label }}
              />
            ) : (
              <span className="page-link" dangerouslySetInnerHTML={{ __html: link.label }} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
