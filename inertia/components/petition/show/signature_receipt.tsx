import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/** The log has a signature a second after it counts: the page asks again this often, so many times. */
const RELOAD_EVERY_MS = 2000
const RELOADS = 5

/**
 * The signer's receipt: a link to /verify with it in the fragment (never
 * sent to the server), and a word that the link is theirs to keep. Just
 * after confirming, the log may not have it yet: the page asks for its own
 * signature again a few times, then says to come back later.
 */
export default function SignatureReceipt({
  receipt,
  awaited = false,
}: {
  receipt: string | null
  /** Just confirmed: the receipt is on its way. */
  awaited?: boolean
}) {
  const { t } = useTranslation()
  const [reloads, setReloads] = useState(0)
  const waiting = !receipt && awaited && reloads < RELOADS

  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(
      () =>
        router.reload({ only: ['mySignature'], onFinish: () => setReloads((done) => done + 1) }),
      RELOAD_EVERY_MS
    )
    return () => clearTimeout(timer)
  }, [waiting, reloads])

  if (receipt) {
    return (
      <div className="mt-3" data-testid="signature-receipt">
        <p className="mb-1">
          <a href={`${urlFor('log.verify')}#${receipt}`} data-testid="receipt-link">
            {t('page.petition_page.receipt_link')}
          </a>
        </p>
        <p className="small text-muted mb-0">{t('page.petition_page.receipt_note')}</p>
      </div>
    )
  }
  if (!awaited) return null
  return (
    <p className="small text-muted mt-3 mb-0" role="status" data-testid="receipt-pending">
      {waiting ? t('page.petition_page.receipt_pending') : t('page.petition_page.receipt_later')}
    </p>
  )
}
