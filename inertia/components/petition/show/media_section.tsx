import { useState } from 'react'
import { Col, Row } from 'react-bootstrap'
import Modal from '~/components/lazy_modal.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

type Photo = Data.PetitionShow['photos'][number]

/** Embedded videos, 300px tall; the server made the URLs embeddable. */
function Videos({ videos }: { videos: Data.PetitionShow['videos'] }) {
  const { t } = useTranslation()
  return (
    <Row xs={1} md={2} className="g-4 mb-4">
      {videos.map((video, index) => (
        <Col key={video.id} data-testid="petition-video">
          <iframe
            src={video.url}
            title={video.title || t('page.show.video_fallback_title', { index: index + 1 })}
            className="petition-video-frame rounded"
            width="100%"
            height="300"
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
          {video.title && <h3 className="h6 mt-2 mb-1">{video.title}</h3>}
          {video.description && (
            <p className="petition-plain-text small text-muted mb-0">{video.description}</p>
          )}
        </Col>
      ))}
    </Row>
  )
}

/** Thumbnails at most 200px tall; a click opens the larger image. */
function Gallery({ photos }: { photos: Data.PetitionShow['photos'] }) {
  const { t } = useTranslation()
  // The photo stays set while the modal fades out; only `show` flips on close.
  const [current, setCurrent] = useState(0)
  const [show, setShow] = useState(false)
  const opened = photos[current]
  const altOf = (photo: Photo, index: number) =>
    photo.title || t('page.show.photo_fallback_title', { index: index + 1 })

  return (
    <>
      <div className="d-flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <figure key={photo.id} className="petition-photo mb-0" data-testid="petition-photo">
            <button
              type="button"
              className="petition-photo-button"
              onClick={() => {
                setCurrent(index)
                setShow(true)
              }}
              aria-label={t('page.show.open_photo', { title: altOf(photo, index) })}
            >
              <img
                src={photo.url}
                alt={altOf(photo, index)}
                className="petition-photo-thumb rounded"
              />
            </button>
            {photo.title && <figcaption className="small mt-1">{photo.title}</figcaption>}
          </figure>
        ))}
      </div>
      <Modal show={show} onHide={() => setShow(false)} size="lg" centered>
        {opened && (
          <>
            <Modal.Header closeButton closeLabel={t('page.show.close')}>
              <Modal.Title as="h3" className="h5">
                {altOf(opened, current)}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body className="text-center">
              <img src={opened.url} alt={altOf(opened, current)} className="petition-photo-large" />
              {opened.description && (
                <p className="petition-plain-text text-start mt-3 mb-0">{opened.description}</p>
              )}
            </Modal.Body>
          </>
        )}
      </Modal>
    </>
  )
}

/** Videos and photos; nothing when the petition has neither. */
export default function MediaSection({
  videos,
  photos,
}: {
  videos: Data.PetitionShow['videos']
  photos: Data.PetitionShow['photos']
}) {
  const { t } = useTranslation()
  if (videos.length === 0 && photos.length === 0) return null
  return (
    <section className="petition-show-section" data-testid="media-section">
      <h2 className="h4 mb-3">{t('page.show.media')}</h2>
      {videos.length > 0 && <Videos videos={videos} />}
      {photos.length > 0 && <Gallery photos={photos} />}
    </section>
  )
}
