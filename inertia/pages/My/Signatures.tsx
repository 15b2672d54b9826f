import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Alert, Badge, Button, Container, ListGroup } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Pagination from '~/components/pagination.tsx'
import Flash from '~/components/flash.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'
import type { Paginated } from '@app/shared/pagination.ts'

type MySignature = Data.MySignature

type SignaturesProps = { signatures: Paginated<MySignature> }

/** Why a signature of theirs does not count, as the member is told. */
const NOT_COUNTED_TEXTS: Record<NonNullable<MySignature['notCounted']>, string> = {
  removed: 'page.my_signatures.removed',
  deactivated: 'page.my_signatures.deactivated',
  stopped: 'page.my_signatures.not_counted',
}

const STATE_VARIANTS: Record<MySignature['petition']['state'], string> = {
  open: 'primary',
  finished: 'secondary',
  unpublished: 'dark',
}

/** One signed petition: what the member chose, where it stands, what they can do. */
function SignatureItem({ signature }: { signature: MySignature }) {
  const { t, locale } = useTranslation()
  const { petition } = signature

  const withdraw = async () => {
    const confirmed = await askToConfirm({
      title: t('page.my_signatures.withdraw_title'),
      text: t('page.my_signatures.withdraw_text', { title: petition.title }),
      confirm: t('page.my_signatures.withdraw'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.post(
        urlFor('my.signatures.withdraw', { id: signature.id }),
        {},
        { preserveScroll: true }
      )
    }
  }
  const resend = () =>
    router.post(urlFor('my.signatures.resend', { id: signature.id }), {}, { preserveScroll: true })

  return (
    <ListGroup.Item as="li" className="py-3" data-testid="my-signature">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <h2 className="h5 mb-1">
          {petition.slug ? (
            <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
              {petition.title}
            </Link>
          ) : (
            petition.title
          )}
        </h2>
        <Badge bg={STATE_VARIANTS[petition.state]} className="align-self-start">
          {t(`page.my_signatures.state_${petition.state}`)}
        </Badge>
      </div>
      <p className="small text-muted mb-2">
        {t('page.my_signatures.signed_on', { date: formatDate(locale, signature.signedAt) })}
        {' · '}
        {t('page.my_signatures.count', {
          count: petition.supportCount,
          target: petition.targetSignatures,
        })}
        {petition.allowOpposite &&
          ` · ${t('page.my_signatures.oppose_count', { count: petition.opposeCount })}`}
      </p>
      <ul className="list-inline small mb-2">
        {petition.allowOpposite && (
          <li className="list-inline-item">
            {t(signature.support ? 'page.my_signatures.support' : 'page.my_signatures.oppose')}
          </li>
        )}
        <li className="list-inline-item">
          {t(signature.private ? 'page.my_signatures.anonymous' : 'page.my_signatures.public')}
        </li>
        <li className="list-inline-item" data-testid="signature-state">
          {signature.confirmed ? (
            <span className="text-success">{t('page.my_signatures.confirmed')}</span>
          ) : (
            <span className="text-warning-emphasis">{t('page.my_signatures.waiting')}</span>
          )}
        </li>
        {signature.notCounted && (
          <li className="list-inline-item text-danger-emphasis" data-testid="not-counted">
            {t(NOT_COUNTED_TEXTS[signature.notCounted])}
          </li>
        )}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        {!signature.confirmed && (
          <Button size="sm" variant="outline-primary" onClick={resend} data-testid="resend-link">
            {t('page.my_signatures.resend')}
          </Button>
        )}
        {signature.receipt && (
          // Their receipt stays in the fragment, which the browser never sends.
          <a
            href={`${urlFor('log.verify')}#${signature.receipt}`}
            className="btn btn-sm btn-outline-secondary"
            data-testid="receipt-link"
          >
            {t('page.my_signatures.receipt_link')}
          </a>
        )}
        <Button size="sm" variant="outline-danger" onClick={withdraw} data-testid="withdraw">
          {t('page.my_signatures.withdraw')}
        </Button>
      </div>
    </ListGroup.Item>
  )
}

/** My/Signatures: every petition the member signed, newest first, 20 a page. */
export default function Signatures({ signatures }: SignaturesProps) {
  const { t } = useTranslation()

  return (
    <AppLayout title={t('page.my_signatures.title')} path={urlFor('my.signatures')} noindex>
      <Container className="page-section">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
          <div>
            <h1 className="fw-bold">{t('page.my_signatures.title')}</h1>
            <p className="text-muted mb-0">{t('page.my_signatures.intro')}</p>
          </div>
          <Link route="my.petitions" className="btn btn-outline-secondary">
            {t('common.nav.my_petitions')}
          </Link>
        </div>
        <Flash at="form" />
        {signatures.data.length === 0 ? (
          <Alert variant="info" data-testid="no-signatures">
            {t('page.my_signatures.empty')}{' '}
            <Link route="petitions.index">{t('page.sign.see_petitions')}</Link>
          </Alert>
        ) : (
          <ListGroup as="ul" className="mb-4">
            {signatures.data.map((signature) => (
              <SignatureItem key={signature.id} signature={signature} />
            ))}
          </ListGroup>
        )}
        <Pagination links={signatures.links} />
      </Container>
    </AppLayout>
  )
}
