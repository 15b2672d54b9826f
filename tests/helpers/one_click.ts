import type { ApiClient } from '@japa/api-client'

/** The link a mail's `List-Unsubscribe` header names, and whether it offers one-click (RFC 8058). */
export function listUnsubscribeOf(headers: string) {
  const link = /List-Unsubscribe:\s+<([^>]+)>/.exec(headers)?.[1]
  if (!link) throw new Error('the mail has no List-Unsubscribe header')
  return { link, oneClick: /List-Unsubscribe-Post: List-Unsubscribe=One-Click/.test(headers) }
}

/**
 * What a mail client's unsubscribe button sends: the one-click form, posted
 * with no cookie and no CSRF token, urlencoded or multipart.
 */
export function oneClickUnsubscribe(
  client: ApiClient,
  path: string,
  { host, multipart = false }: { host?: string; multipart?: boolean } = {}
) {
  const request = client.post(path)
  if (host) request.header('host', host)
  return multipart
    ? request.field('List-Unsubscribe', 'One-Click')
    : request.form({ 'List-Unsubscribe': 'One-Click' })
}
