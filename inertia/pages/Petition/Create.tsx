import { useRef, useState } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Container, Form } from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import AppLayout from '~/layouts/app_layout.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import CountedField from '~/components/petition/counted_field.tsx'
import BannerPicker from '~/components/petition/banner_picker.tsx'
import DescriptionEditor from '~/components/petition/description_editor.tsx'
import PhotoSlots from '~/components/petition/photo_slots.tsx'
import VideosSection from '~/components/petition/form/videos_section.tsx'
import LettersSection from '~/components/petition/form/letters_section.tsx'
import type { AddressReview } from '~/components/petition/form/address_review.tsx'
import UpdatesSection from '~/components/petition/form/updates_section.tsx'
import CustomFieldsSection from '~/components/petition/form/custom_fields_section.tsx'
import SettingsSection, {
  type ModeratorClosure,
} from '~/components/petition/form/settings_section.tsx'
import TopicsAndPlaceSection from '~/components/petition/form/topics_and_place_section.tsx'
import IdentitySection, {
  type IdentityOptions,
} from '~/components/petition/form/identity_section.tsx'
import type { PetitionFormData } from '~/components/petition/form/shared.tsx'
import WithTip, { tipId } from '~/components/petition/form/field_tip.tsx'
import PetitionPreview from '~/components/petition/form/petition_preview.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { urlFor } from '~/client.ts'
import { LIMITS } from '@app/shared/petitions/constants.ts'
import { browserTimeZone } from '~/lib/time_zone.ts'

type PetitionCreateProps = {
  petition: PetitionFormData
  /** The creation date when editing an existing petition; null for a new one. */
  petitionCreated: string | null
  moderatorClosure: ModeratorClosure
  /** How moderators judged its recipients' stored addresses. */
  addressReviews: AddressReview[]
  bannerTemplates: Record<string, string>
  turnstileKey: string | null
  /** Whether the identity options show, and read-only once the petition has signatures. */
  identityOptions: IdentityOptions
}

/** The form as edited: milestones stay as typed (an empty field is a string too) until sent. */
type FormState = Omit<PetitionFormData, 'milestones'> & {
  banner: PetitionFormData['banner'] | { driver: 'local'; url: string }
  milestones: string[]
  cfTurnstileResponse: string
}

const blank = (value: string | undefined) => !value || value.trim() === ''

/**
 * What the server receives: entries left empty are dropped (a new petition
 * starts with an empty video, letter and update), photos become their ids.
 * Updates go with the author's time zone, in which their dates are checked
 * (today there may be tomorrow in UTC); without updates it is not sent, so
 * that a zone the server does not know stops nothing else.
 */
function submission(data: FormState) {
  const updates = data.updates.filter(
    (update) => !(blank(update.title) && blank(update.description))
  )
  return {
    ...data,
    banner: data.banner && 'id' in data.banner ? { id: data.banner.id } : data.banner,
    photos: data.photos.filter((photo) => photo !== null).map((photo) => ({ id: photo!.id })),
    videos: data.videos.filter(
      (video) => !(blank(video.url) && blank(video.title) && blank(video.description))
    ),
    letters: data.letters
      .map((letter) => ({
        ...letter,
        recipients: letter.recipients.filter(
          (recipient) =>
            !(blank(recipient.name) && blank(recipient.payload) && blank(recipient.email))
        ),
      }))
      .filter((letter) => !(blank(letter.payload) && letter.recipients.length === 0)),
    updates,
    milestones: data.milestones
      .filter((milestone) => !blank(milestone))
      .map((milestone) => (Number.isFinite(Number(milestone)) ? Number(milestone) : milestone)),
    timeZone: updates.length > 0 ? browserTimeZone() : undefined,
  }
}

export default function Create({
  petition,
  petitionCreated,
  moderatorClosure,
  addressReviews,
  bannerTemplates,
  turnstileKey,
  identityOptions,
}: PetitionCreateProps) {
  const { t } = useTranslation()
  const editing = Boolean(petitionCreated)
  const turnstile = useRef<TurnstileHandle>(null)
  const form = useForm<FormState>({
    ...petition,
    milestones: petition.milestones.map(String),
    cfTurnstileResponse: '',
  })
  const errors = form.errors as Record<string, string | undefined>
  const set = <Key extends keyof FormState>(key: Key, value: FormState[Key]) =>
    form.setData(key, value as never)
  const [previewing, setPreviewing] = useState(false)
  // News are for the people who signed: none until the petition is published
  // (as saved), unless it already has some.
  const showsNews =
    (editing && petition.published) || petition.updates.some((update) => update.id !== undefined)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.transform((data) => submission(data) as never)
    form.post(urlFor('petitions.store', { guid: petition.guid }), {
      // A refusal keeps the place (then goes to the first error); a save starts at the top.
      preserveScroll: 'errors',
      onError: () => scrollToFirstError(),
      onFinish: () => turnstile.current?.reset(),
    })
  }

  // The title as saved, not as being typed: the page says which petition it edits.
  const heading = editing
    ? t('page.petition.edit_title', { title: petition.title })
    : t('page.petition.create_title')

  return (
    <AppLayout title={heading} path={urlFor('petitions.create')} noindex>
      <Container className="page-section" style={{ maxWidth: 960 }}>
        <h1 className="fw-bold mb-4 text-break">{heading}</h1>
        <Form onSubmit={submit} noValidate data-testid="petition-form">
          <section className="form-section" data-testid="basic-section">
            <WithTip field="title">
              <CountedField
                name="title"
                label={t('page.petition.title')}
                limit={LIMITS.title}
                value={form.data.title}
                onChange={(event) => set('title', event.target.value)}
                error={errors.title}
                aria-describedby={tipId('title')}
              />
            </WithTip>
            <WithTip field="target">
              <CountedField
                name="target"
                label={t('page.petition.target')}
                limit={LIMITS.target}
                value={form.data.target}
                onChange={(event) => set('target', event.target.value)}
                error={errors.target}
                aria-describedby={tipId('target')}
              />
            </WithTip>
            <BannerPicker
              guid={petition.guid}
              value={form.data.banner}
              templates={bannerTemplates}
              error={errors.banner}
              onChange={(banner) => set('banner', banner as FormState['banner'])}
            />
            <WithTip field="description">
              <DescriptionEditor
                guid={petition.guid}
                value={form.data.description}
                error={errors.description}
                onChange={(html) => set('description', html)}
                describedBy={tipId('description')}
              />
            </WithTip>
          </section>

          <section className="form-section">
            <h2 className="h4">{t('page.petition.photos_title')}</h2>
            <PhotoSlots
              guid={petition.guid}
              photos={form.data.photos}
              // From the form's latest photos: uploads that end together each keep theirs.
              onSlot={(index, media) =>
                form.setData((data) => ({
                  ...data,
                  photos: data.photos.map((photo, slot) => (slot === index ? media : photo)),
                }))
              }
            />
          </section>

          <VideosSection
            videos={form.data.videos}
            errors={errors}
            onChange={(videos) => set('videos', videos)}
          />
          <LettersSection
            letters={form.data.letters}
            reviews={addressReviews}
            errors={errors}
            onChange={(letters) => set('letters', letters)}
            onWarning={(text) => showToast('warning', text)}
          />
          {showsNews && (
            <UpdatesSection
              updates={form.data.updates}
              editing={editing}
              errors={errors}
              onChange={(updates) => set('updates', updates)}
            />
          )}
          <CustomFieldsSection
            fields={form.data.customFields}
            errors={errors}
            onChange={(fields) => set('customFields', fields)}
            onWarning={(text) => showToast('warning', text)}
          />
          <TopicsAndPlaceSection
            data={form.data}
            errors={errors}
            onChange={(key, value) => set(key, value as never)}
          />
          <IdentitySection
            data={form.data}
            options={identityOptions}
            errors={errors}
            onChange={(key, value) => set(key, value as never)}
          />
          <SettingsSection
            data={form.data}
            editing={editing}
            moderatorClosure={moderatorClosure}
            milestones={form.data.milestones}
            errors={errors}
            onChange={(key, value) => set(key, value as never)}
            onMilestones={(milestones) => set('milestones', milestones)}
          />

          <Turnstile
            ref={turnstile}
            siteKey={turnstileKey}
            action="petition"
            onToken={(token) => set('cfTurnstileResponse', token)}
            error={errors.cfTurnstileResponse}
          />

          <div className="d-flex flex-wrap gap-2">
            <Button
              variant="outline-primary"
              size="lg"
              onClick={() => setPreviewing(true)}
              data-testid="petition-preview-open"
            >
              {t('page.petition_guide.preview')}
            </Button>
            <Button
              type="submit"
              size="lg"
              disabled={form.processing}
              data-testid="petition-submit"
            >
              {editing ? t('page.petition.save') : t('page.petition.create')}
            </Button>
          </div>
        </Form>
        <PetitionPreview
          show={previewing}
          values={form.data}
          created={petitionCreated}
          onClose={() => setPreviewing(false)}
        />
      </Container>
    </AppLayout>
  )
}
