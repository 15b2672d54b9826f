import type { Locale } from '@app/i18n/locales.ts'
import { urlFor } from '~/client.ts'
import { ensureXsrfToken, xsrfToken } from '~/lib/xsrf.ts'

/**
 * Where each language's site keeps its own session (on localhost, say): a
 * member going to another language asks this site for a single-use pass and
 * posts it to the other site, which logs them in there and shows `path`.
 * False when no pass came (the caller then goes as a guest would).
 */
export async function handOverTo(locale: Locale, path: string): Promise<boolean> {
  try {
    await ensureXsrfToken()
    const reply = await fetch(urlFor('language_hand_over.store'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Accept': 'application/json',
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': xsrfToken(),
      },
      body: JSON.stringify({ locale }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!reply.ok) return false
    const { action, token } = (await reply.json()) as { action: string; token: string }
    const form = document.createElement('form')
    form.method = 'post'
    form.action = action
    form.hidden = true
    for (const [name, value] of Object.entries({ token, to: path })) {
      const input = document.createElement('input')
      input.type = 'hidden'
      input.name = name
      input.value = value
      form.append(input)
    }
    document.body.append(form)
    form.submit()
    return true
  } catch {
    return false
  }
}
