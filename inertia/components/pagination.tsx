import { Link } from '@inertiajs/react'
import type { PaginationLink } from '@app/shared/pagination.ts'
import { useTranslation } from '~/i18n/context.tsx'

/** The paginator's links: labels are HTML; a link without url cannot be clicked. */
export default function Pagination({ links }: { links: PaginationLink[] }) {
  const { t } = useTranslation()
  if (links.length <= 3) return null
  // The first and last links are the « and » arrows: named in words for screen readers.
  const arrowLabel = (index: number) =>
    index === 0
      ? t('common.pagination.previous_page')
      : index === links.length - 1
        ? t('common.pagination.next_page')
        : undefined
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
                aria-label={arrowLabel(index)}
                dangerouslySetInnerHTML={{ __html: link.label }}
              />
            ) : (
              <span className="page-link">
                <span
                  aria-hidden={arrowLabel(index) ? true : undefined}
                  dangerouslySetInnerHTML={{ __html: link.label }}
                />
                {arrowLabel(index) && <span className="visually-hidden">{arrowLabel(index)}</span>}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
