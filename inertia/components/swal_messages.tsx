import { useEffect } from 'react'
import type { AlertKind, SharedProps } from '~/types.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { siteDialogs } from '~/lib/dialogs.ts'

const ORDER: AlertKind[] = ['success', 'error', 'info', 'warning']

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * After a dialog, focus goes back where it was. When that element is gone
 * (the sign form gives way to the date once signed) focus would fall to the
 * body and a keyboard user would start again from the top: the main content
 * takes it instead.
 */
function keepFocusOnThePage() {
  if (document.activeElement && document.activeElement !== document.body) return
  document.getElementById('main-content')?.focus({ preventScroll: true })
}

/**
 * 'swal' messages as modal dialogs: the title or the type
 * capitalised, the payload as HTML (written by the server, never by users),
 * the type as icon. When a warning follows a success, the first button reads
 * 'Next >', otherwise 'Close'; the last dialog's button reads 'OK'.
 */
export default function SwalMessages({ swal }: { swal: SharedProps['swal'] }) {
  const { t } = useTranslation()

  useEffect(() => {
    const queue = ORDER.filter((kind) => swal[kind]?.payload)
    if (queue.length === 0) return
    let cancelled = false
    void (async () => {
      const Swal = await siteDialogs()
      for (const [index, kind] of queue.entries()) {
        if (cancelled) return
        const message = swal[kind]!
        const isLast = index === queue.length - 1
        const confirmButtonText =
          kind === 'success' ? (isLast ? t('common.close') : t('common.next')) : t('common.ok')
        await Swal.fire({
          title: message.title ?? capitalise(kind),
          html: message.payload,
          icon: kind,
          confirmButtonText,
          returnFocus: true,
          didClose: keepFocusOnThePage,
        })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [swal, t])

  return null
}
