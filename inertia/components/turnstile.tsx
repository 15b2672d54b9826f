import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useTranslation } from '~/i18n/context.tsx'

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
const RENEW_EVERY_MS = 295_000

type TurnstileApi = {
  render: (element: HTMLElement, options: Record<string, unknown>) => string
  reset: (widgetId?: string) => void
  remove: (widgetId?: string) => void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let scriptPromise: Promise<void> | null = null

function loadScript(): Promise<void> {
  if (window.turnstile) return Promise.resolve()
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      scriptPromise = null
      reject(new Error('turnstile script failed to load'))
    }
    document.head.appendChild(script)
  })
  return scriptPromise
}

export type TurnstileHandle = { reset: () => void }

type TurnstileProps = {
  siteKey: string | null
  /** The form's action: the server accepts the token for this form only. */
  action: 'contact-us' | 'sign' | 'signup' | 'login' | 'petition' | 'report'
  onToken: (token: string) => void
  error?: string
}

/**
 * The bot check: one action per form ('contact-us' on the
 * contact form), light theme, normal size; the token is renewed every 295 s. Without a site key (local
 * development) nothing is shown and the server skips the check.
 */
const Turnstile = forwardRef<TurnstileHandle, TurnstileProps>(function TurnstileWidget(
  { siteKey, action, onToken, error },
  ref
) {
  const { t } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const widgetId = useRef<string | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  const onTokenRef = useRef(onToken)
  onTokenRef.current = onToken

  useImperativeHandle(ref, () => ({
    reset() {
      onTokenRef.current('')
      if (widgetId.current && window.turnstile) window.turnstile.reset(widgetId.current)
    },
  }))

  useEffect(() => {
    if (!siteKey) return
    let cancelled = false
    loadScript()
      .then(() => {
        if (cancelled || !container.current || !window.turnstile) return
        widgetId.current = window.turnstile.render(container.current, {
          'sitekey': siteKey,
          'action': action,
          'theme': 'light',
          'size': 'normal',
          'callback': (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(''),
        })
      })
      .catch(() => !cancelled && setFailed(true))
    const renew = setInterval(() => {
      if (widgetId.current && window.turnstile) window.turnstile.reset(widgetId.current)
    }, RENEW_EVERY_MS)
    return () => {
      cancelled = true
      clearInterval(renew)
      if (widgetId.current && window.turnstile) window.turnstile.remove(widgetId.current)
      widgetId.current = undefined
    }
  }, [siteKey, action])

  return (
    <div className="mb-3" data-testid="turnstile">
      {siteKey && <div ref={container} className="cf-turnstile" />}
      {failed && <div className="text-danger small">{t('common.turnstile.failed_to_load')}</div>}
      {error && (
        <div className="invalid-feedback d-block" data-error-for="cfTurnstileResponse">
          {error}
        </div>
      )}
    </div>
  )
})

export default Turnstile
