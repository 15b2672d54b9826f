import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/i18n/context.tsx'

type State = 'loading' | 'shown' | 'failed'

/**
 * The API's OpenAPI document rendered by Swagger UI, loaded in the browser
 * only, once the page is there: the server renders the page around it, and
 * no other page carries its weight. Its texts are the document's, in English.
 */
export default function ApiReference({ documentUrl }: { documentUrl: string }) {
  const { t } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<State>('loading')

  useEffect(() => {
    // Never part of the server's bundle: the renderer runs in the browser alone.
    if (import.meta.env.SSR) return
    let cancelled = false
    import('./swagger_reference.ts')
      .then(({ renderReference }) => {
        if (cancelled || !container.current) return
        renderReference(container.current, documentUrl, t('api_docs.server_label'))
        setState('shown')
      })
      .catch(() => !cancelled && setState('failed'))
    return () => {
      cancelled = true
    }
  }, [documentUrl, t])

  return (
    <section aria-label={t('api_docs.reference_label')} className="api-reference">
      {state === 'loading' && (
        <p role="status" className="text-muted">
          {t('api_docs.loading')}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-danger">
          {t('api_docs.failed')}
        </p>
      )}
      <div ref={container} lang="en" data-testid="api-reference" />
    </section>
  )
}
