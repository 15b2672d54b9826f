import { useRef, useState } from 'react'
import { Button, Spinner } from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { uploadFile, UploadError } from '~/lib/upload.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

type BannerValue = Data.PetitionMedia | { driver: 'local'; url: string } | null

/** The banner: an upload of one's own, or one of the bundled templates. */
export default function BannerPicker({
  guid,
  value,
  templates,
  error,
  onChange,
}: {
  guid: string
  value: BannerValue
  templates: Record<string, string>
  error?: string
  onChange: (banner: BannerValue) => void
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const upload = async (file: File) => {
    setBusy(true)
    try {
      onChange(
        await uploadFile<Data.PetitionMedia>(urlFor('petitions.media.store', { guid }), file, {
          type: 'banner',
        })
      )
    } catch (failure) {
      showToast(
        'error',
        (failure instanceof UploadError && failure.message) || t('page.petition.upload_failed')
      )
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="mb-3" data-testid="banner-picker">
      <label className="form-label d-block">{t('page.petition.banner')}</label>
      {value?.url && (
        <img
          src={value.url}
          alt=""
          className="banner-preview rounded mb-2"
          data-testid="banner-preview"
        />
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy && <Spinner animation="border" size="sm" className="me-1" />}
          {t('page.petition.upload_banner')}
        </Button>
        <span className="small text-muted">{t('page.petition.or_template')}</span>
        {Object.entries(templates).map(([name, url]) => (
          <button
            key={name}
            type="button"
            className={`banner-template border rounded p-0 ${value?.url === url ? 'border-primary border-3' : ''}`}
            onClick={() => onChange({ driver: 'local', url })}
            data-template={name}
            aria-label={name}
            aria-pressed={value?.url === url}
          >
            <img src={url} alt="" />
          </button>
        ))}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid="banner-input"
        onChange={(event) => event.target.files?.[0] && upload(event.target.files[0])}
      />
      {error && (
        <div className="invalid-feedback d-block" data-error-for="banner">
          {error}
        </div>
      )}
    </div>
  )
}
