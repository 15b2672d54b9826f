import { http, router } from '@inertiajs/react'
import { showToast } from '~/lib/toasts.ts'
import { RequestTimeout, withRequestTimeout } from '~/lib/request_timeout.ts'
import { translate } from '~/i18n/index.ts'
import type { Locale } from '@app/i18n/locales.ts'

/**
 * Requests that fail are told as toasts in the page's language.
 *
 * An error answering a visit to a missing, forbidden or removed page is a
 * page (an Inertia answer, marked by its X-Inertia header): Inertia shows it
 * at the visited address, as a full load would. Anything else, a rate limit
 * (429), an expired page (419), a refused or failed form, comes back as JSON
 * with a translated message: show it as a toast and keep the page and its
 * form, instead of Inertia's error modal.
 */
export function installHttpErrorToasts(locale: Locale) {
  router.on('httpException', (event) => {
    const response = event.detail.response
    if (response.headers['x-inertia']) return
    const data = response.data as { message?: string } | string | undefined
    if (typeof data === 'object' && data?.message) {
      showToast('error', data.message)
      event.preventDefault()
    } else if (response.status === 419) {
      showToast('error', translate(locale, 'common.page_expired'))
      event.preventDefault()
    }
  })
  // A visit or a form left without an answer for too long gives up with a
  // toast; the page keeps what was typed, to send again.
  http.setClient(withRequestTimeout(http.getClient()))
  router.on('networkError', (event) => {
    if (event.detail.error instanceof RequestTimeout) {
      showToast('error', translate(locale, 'common.request_timeout'), {
        toastId: 'request-timeout',
      })
      event.preventDefault()
      return
    }
    showToast('error', translate(locale, 'common.request_failed'))
  })
}
