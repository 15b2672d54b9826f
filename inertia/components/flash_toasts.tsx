import { useEffect } from 'react'
import { ToastContainer, toast } from 'react-toastify'
import type { AlertKind, SharedProps } from '~/types.ts'

const KINDS: AlertKind[] = ['error', 'success', 'info', 'warning']

/** Flash alerts as toasts: 5 s, at most 20, paused on hover, no progress bar. */
export default function FlashToasts({ alerts }: { alerts: SharedProps['alerts'] }) {
  useEffect(() => {
    for (const kind of KINDS) {
      const text = alerts[kind]
      if (text) toast[kind](text, { toastId: `${kind}:${text}` })
    }
  }, [alerts])

  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      limit={20}
      pauseOnHover
      hideProgressBar
      newestOnTop
    />
  )
}
