import { useEffect } from 'react'
import { Alert } from 'react-bootstrap'
import type { AlertKind, SharedProps } from '~/types.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { siteDialogs } from '~/lib/dialogs.ts'
import { showToast } from '~/lib/toasts.ts'

const KINDS: AlertKind[] = ['error', 'success', 'info', 'warning']
const DIALOG_ORDER: AlertKind[] = ['success', 'error', 'info', 'warning']
const BOX_VARIANTS: Record<AlertKind, string> = {
  error: 'danger',
  success: 'success',
  info: 'info',
  warning: 'warning',
}

/** Longer than sweetalert2 takes to give focus back after closing (100 ms). */
const AFTER_FOCUS_RESTORED_MS = 150

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

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

/** Toasts, each shown once however often the page re-renders. */
function useToasts(alerts: SharedProps['alerts']) {
  useEffect(() => {
    for (const kind of KINDS) {
      const text = alerts[kind]
      if (text) showToast(kind, text, { toastId: `${kind}:${text}` })
    }
  }, [alerts])
}

/**
 * Modal dialogs: the title or the kind capitalised, the text as HTML
 * (written by the server, never by users), the kind as icon. When a warning
 * follows a success, the first button reads 'Next >', otherwise 'Close'; the
 * last dialog's button reads 'OK'.
 */
function useDialogs(swal: SharedProps['swal']) {
  const { t } = useTranslation()
  useEffect(() => {
    const queue = DIALOG_ORDER.filter((kind) => swal[kind]?.payload)
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
}

/**
 * The box above a form: one alert per kind and a list of errors. Texts come
 * from the translation files but may carry what a visitor typed (their e-mail
 * address), so they are rendered as text.
 */
function FlashBox({ messages }: { messages: SharedProps['messages'] }) {
  const kinds = KINDS.filter((kind) => messages[kind])
  if (kinds.length === 0 && messages.errors.length === 0) return null
  return (
    <div className="messages-display" data-testid="messages">
      {kinds.map((kind) => (
        <Alert key={kind} variant={BOX_VARIANTS[kind]}>
          <span>{messages[kind]}</span>
        </Alert>
      ))}
      {messages.errors.length > 0 && (
        <Alert variant="danger">
          <ul className="mb-0">
            {messages.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}

function PageFlash({ alerts, swal }: Pick<SharedProps, 'alerts' | 'swal'>) {
  useToasts(alerts)
  useDialogs(swal)
  return null
}

/**
 * What the server's `flash` left for this page, shown where it asked: the
 * layout's copy (`at="page"`) opens toasts and dialogs; a form's copy
 * (`at="form"`) shows the box of messages above it.
 */
export default function Flash({ at }: { at: 'page' | 'form' }) {
  const { alerts, swal, messages } = useSharedProps()
  return at === 'page' ? (
    <PageFlash alerts={alerts} swal={swal} />
  ) : (
    <FlashBox messages={messages} />
  )
}
