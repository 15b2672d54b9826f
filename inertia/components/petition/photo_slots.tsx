import { useRef, useState } from 'react'
import { Button, Spinner } from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { deleteWithQuery, uploadFile, UploadError } from '~/lib/upload.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

type Slot =
  | { state: 'empty' }
  | { state: 'uploading'; preview: string }
  | { state: 'filled'; media: Data.PetitionMedia }

const MIN_SPINNER_MS = 1000

/** Waits at least `ms` since `startedAt`, so the spinner never just flickers. */
const atLeast = (startedAt: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - (Date.now() - startedAt))))

/**
 * The four photo slots: each filled by drag-and-drop or the
 * file picker; empty → uploading (local preview, spinner ≥ 1 s) → filled, and
 * back to empty on failure or delete.
 */
export default function PhotoSlots({
  guid,
  photos,
  onChange,
}: {
  guid: string
  photos: Array<Data.PetitionMedia | null>
  onChange: (photos: Array<Data.PetitionMedia | null>) => void
}) {
  const { t } = useTranslation()
  const [uploading, setUploading] = useState<Record<number, string>>({})
  const inputs = useRef<Array<HTMLInputElement | null>>([])

  const slotOf = (index: number): Slot =>
    uploading[index]
      ? { state: 'uploading', preview: uploading[index] }
      : photos[index]
        ? { state: 'filled', media: photos[index]! }
        : { state: 'empty' }

  const upload = async (index: number, file: File) => {
    const startedAt = Date.now()
    setUploading((current) => ({ ...current, [index]: URL.createObjectURL(file) }))
    let media: Data.PetitionMedia | null = null
    try {
      media = await uploadFile<Data.PetitionMedia>(
        urlFor('petitions.media.store', { guid }),
        file,
        {
          type: 'photo',
        }
      )
    } catch (failure) {
      showToast(
        'error',
        (failure instanceof UploadError && failure.message) || t('page.petition.upload_failed')
      )
    }
    await atLeast(startedAt, MIN_SPINNER_MS)
    setUploading(({ [index]: done, ...rest }) => {
      if (done) URL.revokeObjectURL(done)
      return rest
    })
    const next = [...photos]
    next[index] = media
    onChange(next)
  }

  const remove = async (index: number) => {
    const media = photos[index]
    if (!media) return
    try {
      await deleteWithQuery(urlFor('petitions.media.destroy', { guid }), {
        id: media.id,
        type: media.type,
        driver: media.driver,
        url: null,
        guid,
      })
      const next = [...photos]
      next[index] = null
      onChange(next)
    } catch (failure) {
      showToast(
        'error',
        (failure instanceof UploadError && failure.message) || t('page.petition.delete_failed')
      )
    }
  }

  return (
    <div className="row g-3" data-testid="photo-slots">
      {photos.map((_, index) => {
        const slot = slotOf(index)
        return (
          <div className="col-6 col-md-3" key={index}>
            <div
              className="photo-slot border rounded d-flex align-items-center justify-content-center position-relative"
              data-state={slot.state}
              data-testid={`photo-slot-${index}`}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault()
                const file = event.dataTransfer.files?.[0]
                if (file && slot.state === 'empty') void upload(index, file)
              }}
            >
              {slot.state === 'empty' && (
                <Button
                  variant="link"
                  className="text-decoration-none"
                  onClick={() => inputs.current[index]?.click()}
                >
                  {t('page.petition.add_photo')}
                </Button>
              )}
              {slot.state === 'uploading' && (
                <>
                  <img src={slot.preview} alt="" className="photo-slot-image opacity-50" />
                  <Spinner animation="border" className="position-absolute" role="status" />
                </>
              )}
              {slot.state === 'filled' && (
                <>
                  <img src={slot.media.url ?? ''} alt="" className="photo-slot-image" />
                  <Button
                    size="sm"
                    variant="danger"
                    className="position-absolute top-0 end-0 m-1"
                    onClick={() => remove(index)}
                    aria-label={t('page.petition.delete_photo')}
                  >
                    ×
                  </Button>
                </>
              )}
              <input
                ref={(element) => {
                  inputs.current[index] = element
                }}
                type="file"
                accept="image/png,image/jpeg"
                hidden
                data-testid={`photo-input-${index}`}
                onChange={(event) =>
                  event.target.files?.[0] && upload(index, event.target.files[0])
                }
              />
            </div>
          </div>
        )
      })}
    </div>
  )
}
