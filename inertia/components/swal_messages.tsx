import { useEffect } from 'react'
import type { AlertKind, SharedProps } from '~/types.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { siteDialogs } from '~/lib/dialogs.ts'

const ORDER: AlertKind[] = ['success', 'error', 'info', 'warning']

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Longer than sweetalert2 takes to give focus back after closing (100 ms). */
const AFTER_FOCUS_RESTORED_MS = 150

/**
 * After a dialog, focus goes back where it was. When that element is gone
 * (the sign form gives way to the signature's state once signed) focus would
 * fall to the body and a keyboard user would start again from the top: the
 * element the page marks with `data-focus-after-dialog` takes it, else the
 * main content.
 */
function keepFocusOnThePage() {
  if (document.activeElement && document.activeElement !== document.body) return
  const target =
    document.querySelector<HTMLElement>('[data-focus-after-dialog]') ??
    document.getElementById('main-content')
  target?.focus({ preventScroll: true })
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
          didClose: () => setTimeout(keepFocusOnThePage, AFTER_FOCUS_RESTORED_MS),
        })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [swal, t])

  return null
}
