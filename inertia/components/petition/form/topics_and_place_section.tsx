import { useMemo } from 'react'
import { Form } from 'react-bootstrap'
import { countriesByName, type CountryCode } from '@app/shared/countries.ts'
import {
  MAX_TOPICS,
  PETITION_TOPICS,
  REGION_MAX,
  type PetitionTopic,
} from '@app/shared/petitions/topics.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useHydrated } from '~/lib/use_hydrated.ts'
import { FormSection, type Errors, type PetitionFormData } from './shared.tsx'

type PlaceData = Pick<PetitionFormData, 'topics' | 'country' | 'region'>

/** The list's own error, or the first of its entries (`topics.{i}`: a value not on the list). */
function topicsError(errors: Errors) {
  if (errors.topics) return errors.topics
  return Object.entries(errors).find(([key, error]) => /^topics\.\d+$/.test(key) && error)?.[1]
}

const describedBy = (...ids: Array<string | false | null | undefined>) =>
  ids.filter(Boolean).join(' ') || undefined

/**
 * What the petition is about (one to three topics) and where it applies (a
 * country, and within it a region or city), which the list filters by.
 */
export default function TopicsAndPlaceSection({
  data,
  errors,
  onChange,
}: {
  data: PlaceData
  errors: Errors
  onChange: <Key extends keyof PlaceData>(key: Key, value: PlaceData[Key]) => void
}) {
  const { t } = useTranslation()
  return (
    <FormSection testId="topics-section" title={t('page.petition.topics_place_title')}>
      <Topics
        topics={data.topics}
        error={topicsError(errors)}
        onChange={(topics) => onChange('topics', topics)}
      />
      <Place data={data} errors={errors} onChange={onChange} />
    </FormSection>
  )
}

/**
 * One checkbox per topic. Once MAX_TOPICS are ticked the others are
 * disabled rather than refused on save, and the hint says why (announced
 * as it appears, and linked to each disabled box).
 */
function Topics({
  topics,
  error,
  onChange,
}: {
  topics: PetitionTopic[]
  error: string | undefined
  onChange: (topics: PetitionTopic[]) => void
}) {
  const { t } = useTranslation()
  const full = topics.length >= MAX_TOPICS
  return (
    <fieldset
      className="mb-4"
      aria-describedby={describedBy('topics-hint', full && 'topics-full', error && 'topics-error')}
      data-testid="topics"
    >
      <legend className="form-label fs-6 mb-1">{t('page.petition.topics_title')}</legend>
      <div className="form-text mt-0 mb-2" id="topics-hint">
        {t('page.petition.topics_hint')}
      </div>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-0">
        {PETITION_TOPICS.map((topic) => {
          const checked = topics.includes(topic)
          const disabled = !checked && full
          return (
            <div className="col" key={topic}>
              <Form.Check
                type="checkbox"
                id={`topic-${topic}`}
                name="topics"
                value={topic}
                label={t(`page.topics.${topic}`)}
                checked={checked}
                disabled={disabled}
                // No is-invalid: Bootstrap would turn the labels red, under 4.5:1 on the page's grey.
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(disabled && 'topics-full', error && 'topics-error')}
                // In the order they were ticked: the first one ticked is named first.
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...topics.filter((old) => old !== topic), topic]
                      : topics.filter((old) => old !== topic)
                  )
                }
              />
            </div>
          )
        })}
      </div>
      {/* Always in the page, so that screen readers announce its text when it appears. */}
      <div className="form-text" id="topics-full" aria-live="polite" data-testid="topics-full">
        {full ? t('page.petition.topics_full') : ''}
      </div>
      {error && (
        <div
          className="invalid-feedback d-block text-danger-emphasis"
          id="topics-error"
          data-error-for="topics"
        >
          {error}
        </div>
      )}
    </fieldset>
  )
}

/**
 * The country, "anywhere" first, then every country by its name in the
 * page's language; the region or city only within a chosen country (the
 * server drops one sent without a country). As in CountrySelect, the
 * server's and the browser's CLDR differ in a few names and in their
 * order: the server renders the chosen country alone, the browser lists
 * them all once hydrated.
 */
function Place({
  data,
  errors,
  onChange,
}: {
  data: PlaceData
  errors: Errors
  onChange: <Key extends keyof PlaceData>(key: Key, value: PlaceData[Key]) => void
}) {
  const { t, locale } = useTranslation()
  const countries = useMemo(() => countriesByName(locale), [locale])
  const hydrated = useHydrated()
  const listed = hydrated ? countries : countries.filter(({ code }) => code === data.country)
  const countryError = errors.country
  const regionError = errors.region
  return (
    <fieldset className="mb-3" data-testid="place" style={{ maxWidth: 480 }}>
      <legend className="form-label fs-6 mb-2">{t('page.topics.place_label')}</legend>
      <Form.Group className="mb-3" controlId="petition-country">
        <Form.Label>{t('page.petition.country_label')}</Form.Label>
        <Form.Select
          name="country"
          value={data.country ?? ''}
          isInvalid={Boolean(countryError)}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? 'petition-country-error' : undefined}
          onChange={(event) =>
            onChange('country', (event.target.value || null) as CountryCode | null)
          }
        >
          <option value="">{t('page.petition.country_any')}</option>
          {listed.map(({ code, name }) => (
            // The chosen country's name may be spelt differently by the server.
            <option key={code} value={code} suppressHydrationWarning>
              {name}
            </option>
          ))}
        </Form.Select>
        {countryError && (
          <div
            className="invalid-feedback d-block text-danger-emphasis"
            id="petition-country-error"
            data-error-for="country"
          >
            {countryError}
          </div>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId="petition-region">
        <Form.Label>{t('page.petition.region_label')}</Form.Label>
        <Form.Control
          type="text"
          name="region"
          maxLength={REGION_MAX}
          autoComplete="off"
          value={data.region}
          // What was typed stays while no country is chosen, for when one is chosen again.
          disabled={!data.country}
          isInvalid={Boolean(regionError)}
          aria-invalid={regionError ? true : undefined}
          aria-describedby={describedBy(
            'petition-region-hint',
            regionError && 'petition-region-error'
          )}
          onChange={(event) => onChange('region', event.target.value)}
        />
        <div className="form-text" id="petition-region-hint">
          {t('page.petition.region_hint')}
        </div>
        {regionError && (
          <div
            className="invalid-feedback d-block text-danger-emphasis"
            id="petition-region-error"
            data-error-for="region"
          >
            {regionError}
          </div>
        )}
      </Form.Group>
    </fieldset>
  )
}
