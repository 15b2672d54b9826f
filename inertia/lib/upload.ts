import { RequestTimeout, withTimeout } from '~/lib/request_timeout.ts'
import { ensureXsrfToken, xsrfToken } from '~/lib/xsrf.ts'

export class UploadError extends Error {
  constructor(
    message: string,
    public errors: Record<string, string[]> = {}
  ) {
    super(message)
  }
}

/** What a failed upload or delete tells the member: a time-out, the server's message, or `fallback`. */
export function failureMessage(failure: unknown, t: (key: string) => string, fallback: string) {
  if (failure instanceof RequestTimeout) return t('common.request_timeout')
  if (failure instanceof UploadError && failure.message) return failure.message
  return t(fallback)
}

/**
 * Sends a file as multipart form data and returns the JSON answer; a refusal
 * throws an UploadError with the server's message (empty when it gave none),
 * no whole answer within the time limit a RequestTimeout.
 */
export async function uploadFile<T>(
  url: string,
  file: File,
  fields: Record<string, string> = {}
): Promise<T> {
  const body = new FormData()
  body.append('file', file)
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  await ensureXsrfToken()
  return withTimeout(
    async (signal) => {
      const response = await fetch(url, {
        method: 'POST',
        body,
        signal,
        headers: {
          'Accept': 'application/json',
          'X-XSRF-TOKEN': xsrfToken(),
          'X-Requested-With': 'XMLHttpRequest',
        },
      })
      const data = (await response.json().catch(() => ({}))) as T & {
        message?: string
        errors?: Record<string, string[]>
      }
      if (!response.ok) throw new UploadError(data.message ?? '', data.errors ?? {})
      return data
    },
    undefined,
    url
  )
}

/** DELETE with query parameters, within the same time limit. */
export async function deleteWithQuery(url: string, query: Record<string, string | number | null>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, value === null ? '' : String(value)])
  )
  await ensureXsrfToken()
  await withTimeout(
    async (signal) => {
      const response = await fetch(`${url}?${search}`, {
        method: 'DELETE',
        signal,
        headers: {
          'Accept': 'application/json',
          'X-XSRF-TOKEN': xsrfToken(),
          'X-Requested-With': 'XMLHttpRequest',
        },
      })
      if (!response.ok) {
        const data = (await response.json().catch(() => ({}))) as { message?: string }
        throw new UploadError(data.message ?? '')
      }
    },
    undefined,
    url
  )
}
