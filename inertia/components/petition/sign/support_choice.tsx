import { useTranslation } from '~/i18n/context.tsx'

/**
 * Support or opposition, two labelled choices (radio buttons drawn as a
 * toggle): neither is the "off" of the other. Support is chosen at first.
 */
export default function SupportChoice({
  support,
  onChange,
  error,
}: {
  support: boolean
  onChange: (support: boolean) => void
  error?: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="mb-3" data-testid="support-choice">
      <legend className="form-label fs-6 mb-2">{t('page.petition_page.position')}</legend>
      <div className="support-choice d-flex gap-2">
        <input
          type="radio"
          className="btn-check"
          name="support"
          id="field-support-yes"
          value="yes"
          checked={support}
          onChange={() => onChange(true)}
        />
        <label className="btn btn-outline-success flex-fill" htmlFor="field-support-yes">
          {t('page.petition_page.i_support')}
        </label>
        <input
          type="radio"
          className="btn-check"
          name="support"
          id="field-support-no"
          value="no"
          checked={!support}
          onChange={() => onChange(false)}
        />
        <label className="btn btn-outline-danger flex-fill" htmlFor="field-support-no">
          {t('page.petition_page.i_oppose')}
        </label>
      </div>
      {error && (
        <div className="invalid-feedback d-block" data-error-for="support">
          {error}
        </div>
      )}
    </fieldset>
  )
}
