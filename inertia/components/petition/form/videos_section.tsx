import { Card, Form } from 'react-bootstrap'
import CountedField from '~/components/petition/counted_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { LIMITS, MAX_VIDEOS } from '@app/shared/petitions/constants.ts'
import { listField } from './list_field.ts'
import {
  AddButton,
  FormSection,
  ItemHeader,
  type Change,
  type Errors,
  type PetitionFormData,
} from './shared.tsx'

/** Videos: title, a YouTube or Vimeo URL, description; 'add video', up to MAX_VIDEOS. */
export default function VideosSection({
  videos,
  errors,
  onChange,
}: {
  videos: PetitionFormData['videos']
  errors: Errors
  onChange: Change<'videos'>
}) {
  const { t } = useTranslation()
  const list = listField(videos, onChange)
  return (
    <FormSection
      testId="videos-section"
      title={t('page.petition.videos_title')}
      listName="videos"
      errors={errors}
    >
      {videos.map((video, index) => (
        <Card body className="mb-3" key={video.id ?? `new-${index}`}>
          <ItemHeader
            index={index}
            onRemove={videos.length > 1 ? () => list.remove(index) : undefined}
          />
          <CountedField
            name={`videos.${index}.title`}
            label={t('page.petition.video_title')}
            limit={LIMITS.videoTitle}
            value={video.title}
            onChange={(event) => list.update(index, { title: event.target.value })}
            error={errors[`videos.${index}.title`]}
          />
          <Form.Group className="mb-3" controlId={`videos-${index}-url`}>
            <Form.Label>{t('page.petition.video_url')}</Form.Label>
            <Form.Control
              name={`videos.${index}.url`}
              value={video.url}
              placeholder="https://www.youtube.com/watch?v=…"
              isInvalid={Boolean(errors[`videos.${index}.url`])}
              onChange={(event) => list.update(index, { url: event.target.value })}
            />
            <Form.Control.Feedback type="invalid" data-error-for={`videos.${index}.url`}>
              {errors[`videos.${index}.url`]}
            </Form.Control.Feedback>
          </Form.Group>
          <CountedField
            name={`videos.${index}.description`}
            as="textarea"
            rows={2}
            label={t('page.petition.video_description')}
            limit={LIMITS.videoDescription}
            value={video.description}
            onChange={(event) => list.update(index, { description: event.target.value })}
            error={errors[`videos.${index}.description`]}
          />
        </Card>
      ))}
      <AddButton
        disabled={videos.length >= MAX_VIDEOS}
        onClick={() => list.add({ title: '', url: '', description: '' })}
      >
        {t('page.petition.add_video')}
      </AddButton>
    </FormSection>
  )
}
