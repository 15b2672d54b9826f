import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { Spinner } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/**
 * The full-screen 'Loading…' overlay while a request runs. Like
 * the progress bar it waits 250 ms, so quick visits do not flash it.
 */
export default function LoadingOverlay() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const offStart = router.on('start', () => {
      clearTimeout(timer)
      timer = setTimeout(() => setVisible(true), 250)
    })
    const offFinish = router.on('finish', () => {
      clearTimeout(timer)
      setVisible(false)
    })
    return () => {
      clearTimeout(timer)
      offStart()
      offFinish()
    }
  }, [])

  if (!visible) return null
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <Spinner animation="border" variant="light" />
      <span>{t('common.loading')}</span>
    </div>
  )
}
