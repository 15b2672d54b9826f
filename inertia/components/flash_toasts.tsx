import { useEffect } from 'react'
import { showToast } from '~/lib/toasts.ts'
import type { AlertKind, SharedProps } from '~/types.ts'

const KINDS: AlertKind[] = ['error', 'success', 'info', 'warning']

/** Flash alerts as toasts, each shown once however often the page re-renders. */
export default function FlashToasts({ alerts }: { alerts: SharedProps['alerts'] }) {
  useEffect(() => {
    for (const kind of KINDS) {
      const text = alerts[kind]
      if (text) showToast(kind, text, { toastId: `${kind}:${text}` })
    }
  }, [alerts])

  return null
}
