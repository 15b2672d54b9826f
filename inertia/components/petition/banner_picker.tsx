import { useRef } from 'react'
import { Button, Spinner } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { useMediaUploads } from '~/components/petition/use_media_uploads.ts'
import type { Data } from '@generated/data'

type BannerValue = Data.PetitionMedia | { driver: 'local'; url: string } | null

/**
 * The banner: an upload of one's own, or one of the bundled templates. An
 * upload shows its local preview and a spinner for at least 1 s; a refused
 * one empties the banner and leaves the server's error under it.
 */
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
  const uploads = useMediaUploads(guid)
  const preview = uploads.previews.banner
  const shownError = uploads.errors.banner ?? error

  const upload = async (file: File) => {
    onChange(await uploads.upload('banner', 'banner', file))
    if (input.current) input.current.value = ''
  }

  const pickTemplate = (url: string) => {
    uploads.forget('banner')
    onChange({ driver: 'local', url })
  }

  return (
    <div className="mb-3" data-testid="banner-picker">
      <label className="form-label d-block">{t('page.petition.banner')}</label>
      {preview ? (
        <div className="position-relative mb-2" data-testid="banner-uploading">
          <img src={preview} alt="" className="banner-preview rounded opacity-50 d-block" />
          <Spinner
            animation="border"
            className="position-absolute top-50 start-50 translate-middle"
            role="status"
          >
            <span className="visually-hidden">{t('page.petition.uploading')}</span>
          </Spinner>
        </div>
      ) : (
        value?.url && (
          <img
            src={value.url}
            alt=""
            className="banner-preview rounded mb-2"
            data-testid="banner-preview"
          />
        )
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={Boolean(preview)}
          onClick={() => input.current?.click()}
          aria-describedby={shownError ? 'banner-error' : undefined}
        >
          {t('page.petition.upload_banner')}
        </Button>
        <span className="small text-muted">{t('page.petition.or_template')}</span>
        {Object.entries(templates).map(([name, url]) => (
          <button
            key={name}
            type="button"
            className={`banner-template border rounded p-0 ${value?.url === url ? 'border-primary border-3' : ''}`}
            onClick={() => pickTemplate(url)}
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
      {shownError && (
        <div className="invalid-feedback d-block" id="banner-error" data-error-for="banner">
          {shownError}
        </div>
      )}
    </div>
  )
}
