import { createElement } from 'react'
import type { ToastOptions } from 'react-toastify'

export type ToastKind = 'error' | 'success' | 'info' | 'warning'

let loading: Promise<typeof import('react-toastify')> | undefined

/**
 * react-toastify, its styles and the site's one toast container, loaded with
 * the first toast: most visits show none, so the first page load carries
 * none of it. The container lives in its own root beside the app, so it
 * stays while Inertia swaps pages.
 */
function toastify() {
  loading ??= (async () => {
    const [library, { createRoot }] = await Promise.all([
      import('react-toastify'),
      import('react-dom/client'),
      import('react-toastify/dist/ReactToastify.css'),
    ])
    const element = document.createElement('div')
    element.id = 'toasts'
    document.body.append(element)
    // 5 s, at most 20, paused on hover, no progress bar.
    createRoot(element).render(
      createElement(library.ToastContainer, {
        position: 'top-right',
        autoClose: 5000,
        limit: 20,
        pauseOnHover: true,
        hideProgressBar: true,
        newestOnTop: true,
      })
    )
    return library
  })()
  return loading
}

/** Shows a toast; toasts asked for before the container is up are shown once it is. */
export function showToast(kind: ToastKind, text: string, options?: ToastOptions) {
  void toastify().then(({ toast }) => toast[kind](text, options))
}
