import { useRef } from 'react'
import { Button, Spinner } from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { deleteWithQuery, failureMessage } from '~/lib/upload.ts'
import { useMediaUploads } from '~/components/petition/use_media_uploads.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

type Slot =
  | { state: 'empty' }
  | { state: 'uploading'; preview: string }
  | { state: 'filled'; media: Data.PetitionMedia }

/**
 * The four photo slots: each filled by drag-and-drop or the file picker;
 * empty → uploading (local preview, spinner ≥ 1 s) → filled, and back to
 * empty on failure (the server's error under the slot) or delete. Several
 * may upload at once: each result goes to its own slot through `onSlot`,
 * which the form applies to its latest photos.
 */
export default function PhotoSlots({
  guid,
  photos,
  onSlot,
}: {
  guid: string
  photos: Array<Data.PetitionMedia | null>
  onSlot: (index: number, media: Data.PetitionMedia | null) => void
}) {
  const { t } = useTranslation()
  const uploads = useMediaUploads(guid)
  const inputs = useRef<Array<HTMLInputElement | null>>([])

  const slotOf = (index: number): Slot =>
    uploads.previews[index]
      ? { state: 'uploading', preview: uploads.previews[index] }
      : photos[index]
        ? { state: 'filled', media: photos[index]! }
        : { state: 'empty' }

  const upload = async (index: number, file: File) => {
    onSlot(index, await uploads.upload(String(index), 'photo', file))
    const input = inputs.current[index]
    if (input) input.value = ''
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
      onSlot(index, null)
      uploads.forget(String(index))
    } catch (failure) {
      showToast('error', failureMessage(failure, t, 'page.petition.delete_failed'))
    }
  }

  return (
    <div className="row g-3" data-testid="photo-slots">
      {photos.map((_, index) => {
        const slot = slotOf(index)
        const error = uploads.errors[index]
        const errorId = `photo-${index}-error`
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
                  aria-describedby={error ? errorId : undefined}
                >
                  {t('page.petition.add_photo')}
                </Button>
              )}
              {slot.state === 'uploading' && (
                <>
                  <img
                    src={slot.preview}
                    alt=""
                    className="photo-slot-image opacity-50"
                    data-testid={`photo-preview-${index}`}
                  />
                  <Spinner animation="border" className="position-absolute" role="status">
                    <span className="visually-hidden">{t('page.petition.uploading')}</span>
                  </Spinner>
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
            {error && (
              <div
                className="invalid-feedback d-block"
                id={errorId}
                data-error-for={`photos.${index}`}
              >
                {error}
              </div>
            )}
          </div>
        )
      })}
    </div>
  )
}
