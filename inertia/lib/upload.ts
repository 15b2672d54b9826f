/** The XSRF-TOKEN cookie Shield sets, for requests made outside Inertia (uploads). */
export function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : ''
}

export class UploadError extends Error {
  constructor(
    message: string,
    public errors: Record<string, string[]> = {}
  ) {
    super(message)
  }
}

/**
 * Sends a file as multipart form data and returns the JSON answer; a refusal
 * throws an UploadError with the server's message (empty when it gave none).
 */
export async function uploadFile<T>(
  url: string,
  file: File,
  fields: Record<string, string> = {}
): Promise<T> {
  const body = new FormData()
  body.append('file', file)
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  const response = await fetch(url, {
    method: 'POST',
    body,
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
}

/** DELETE with query parameters. */
export async function deleteWithQuery(url: string, query: Record<string, string | number | null>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, value === null ? '' : String(value)])
  )
  const response = await fetch(`${url}?${search}`, {
    method: 'DELETE',
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
}
