import type { ApiResponse } from '@japa/api-client'

/** The Inertia page object that a server-rendered page embeds for the client. */
export function pageObjectIn(html: string) {
  const match = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('no Inertia page object in the HTML')
  return JSON.parse(match[1].replace(/\\\//g, '/'))
}

export const SHARED_PROPS = [
  'appName',
  'appUrl',
  'appLocale',
  'user',
  'general',
  'messages',
  'alerts',
  'swal',
  'xUserName',
  'errors',
]

export function inertiaPage(response: ApiResponse) {
  return response.body() as {
    component: string
    props: Record<string, any>
    url: string
    version: string
  }
}
