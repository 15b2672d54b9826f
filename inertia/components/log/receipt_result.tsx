import { Alert, Button } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { LaterChange, RemovalSearch } from '~/lib/receipt_check.ts'
import { PENDING_ATTEMPTS, type ReceiptCheckState } from '~/lib/use_receipt_check.ts'
import type { LogLeaf } from '../../../log-verifier/verifier.ts'

/** Dates of the log in UTC, named so: its hours are whole UTC hours. */
const WHEN: Intl.DateTimeFormatOptions = {
  // Spelled out: Intl refuses a zone name beside dateStyle and timeStyle.
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
}

/** What a leaf did to the count, as a reader says it. */
const CHANGES: Record<string, string> = {
  'add-support': 'page.verify.change_add_support',
  'add-oppose': 'page.verify.change_add_oppose',
  'remove-support': 'page.verify.change_remove_support',
  'remove-oppose': 'page.verify.change_remove_oppose',
}

/** A leaf's index, change and hour; the petition's guid for the signature's own. */
function LeafDetails({
  index,
  leaf,
  withPetition,
}: {
  index: number
  leaf: LogLeaf
  withPetition?: boolean
}) {
  const { t, locale } = useTranslation()
  const change = CHANGES[`${leaf.event}-${leaf.side}`]
  return (
    <dl className="row mb-0 small">
      {withPetition && (
        <>
          <dt className="col-sm-4">{t('page.verify.petition')}</dt>
          <dd className="col-sm-8">
            <code className="text-body text-break" data-testid="leaf-petition">
              {leaf.petition}
            </code>
          </dd>
        </>
      )}
      <dt className="col-sm-4">{t('page.verify.leaf')}</dt>
      <dd className="col-sm-8" data-testid="leaf-index">
        {index.toLocaleString(locale)}
      </dd>
      <dt className="col-sm-4">{t('page.verify.change')}</dt>
      <dd className="col-sm-8" data-testid="leaf-change">
        {change ? t(change) : leaf.event}
      </dd>
      <dt className="col-sm-4">{t('page.verify.hour')}</dt>
      <dd className="col-sm-8">{formatDate(locale, leaf.hour, WHEN)}</dd>
    </dl>
  )
}

/** The text of a check that did not verify, by its state. */
const FAILURES = {
  malformed: 'page.verify.malformed',
  unsupported: 'page.verify.unsupported',
  unreachable: 'page.verify.unreachable',
  bad_signature: 'page.verify.bad_signature',
  forged: 'page.verify.forged',
  bad_proof: 'page.verify.bad_proof',
} as const

/**
 * The check's outcome: the sentence that says it (in a live region, so that
 * a screen reader hears it change), and for a verified receipt its leaf and
 * the signed head that proves it, then what came after.
 */
export default function ReceiptResult({
  state,
  onRetry,
}: {
  state: ReceiptCheckState
  onRetry: () => void
}) {
  const { t, locale } = useTranslation()
  const { check, attempt, search } = state
  let summary: React.ReactNode = <p className="mb-0">{t('page.verify.waiting_for_receipt')}</p>
  let variant = 'secondary'
  if (check?.state === 'checking') {
    variant = 'info'
    summary = <p className="mb-0">{t('page.verify.checking')}</p>
  } else if (check?.state === 'pending') {
    const again = attempt < PENDING_ATTEMPTS
    variant = again ? 'info' : 'warning'
    summary = (
      <p className="mb-0">
        {again
          ? t('page.verify.pending', { attempt: attempt + 1, attempts: PENDING_ATTEMPTS })
          : t('page.verify.pending_final')}
      </p>
    )
  } else if (check?.state === 'verified') {
    variant = 'success'
    summary = <p className="fw-semibold mb-0">{t('page.verify.verified')}</p>
  } else if (check) {
    variant = check.state === 'unreachable' || check.state === 'unsupported' ? 'warning' : 'danger'
    summary = <p className="mb-0">{t(FAILURES[check.state])}</p>
  }
  const canRetry =
    check?.state === 'unreachable' || (check?.state === 'pending' && attempt >= PENDING_ATTEMPTS)

  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true">
        <Alert
          variant={variant}
          className="mb-3"
          data-testid="receipt-status"
          data-state={check?.state ?? 'none'}
        >
          {summary}
        </Alert>
      </div>
      {canRetry && (
        <Button
          variant="outline-primary"
          className="mb-3"
          onClick={onRetry}
          data-testid="check-again"
        >
          {t('page.verify.check_again')}
        </Button>
      )}
      {check?.state === 'verified' && (
        <>
          <LeafDetails index={check.index} leaf={check.leaf} withPetition />
          <p className="small text-muted mt-2" data-testid="signed-head">
            {t('page.verify.signed_head', {
              size: check.head.treeSize,
              date: formatDate(locale, new Date(check.head.timestamp).toISOString(), WHEN),
            })}
          </p>
          <h3 className="h5 mt-4">{t('page.verify.later_title')}</h3>
          {search && <LaterChanges search={search} />}
        </>
      )}
    </>
  )
}

/** The search of the later leaves, and what it found. */
function LaterChanges({ search }: { search: RemovalSearch }) {
  const { t } = useTranslation()
  const found: LaterChange | null = search.state === 'done' ? search.change : null
  let text = t('page.verify.searching')
  if (search.state === 'failed') text = t('page.verify.search_failed')
  else if (found?.kind === 'none') text = t('page.verify.not_removed')
  else if (found?.kind === 'removed') text = t('page.verify.removed')
  else if (found?.kind === 'counted_again') text = t('page.verify.counted_again')
  const variant =
    found?.kind === 'removed' ? 'warning' : search.state === 'failed' ? 'warning' : 'light'
  return (
    <div data-testid="later-changes" data-state={found?.kind ?? search.state}>
      <div role="status" aria-live="polite" aria-atomic="true">
        <Alert variant={variant} className="mb-2">
          <p className="mb-0 fw-semibold">{text}</p>
        </Alert>
      </div>
      {found && found.kind !== 'none' && (
        <div data-testid="later-leaf">
          <LeafDetails index={found.index} leaf={found.leaf} />
          <p className={`small mt-2 ${found.proven ? 'text-muted' : 'text-danger'}`}>
            {t(found.proven ? 'page.verify.later_proven' : 'page.verify.later_unproven')}
          </p>
        </div>
      )}
    </div>
  )
}
