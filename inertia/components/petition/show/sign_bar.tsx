import { useEffect, useState } from 'react'
import { useTranslation } from '~/i18n/context.tsx'
import { signedLine, type PetitionProgress } from '@app/shared/petitions/progress.ts'

const FORM_ID = 'sign-this-petition'

/** The first field a signer fills in (a member's locked name is skipped), or the form's heading. */
function firstFieldOf(section: HTMLElement) {
  return (
    section.querySelector<HTMLElement>(
      'form input:not([type="hidden"]):not([readonly]):not([disabled]), form textarea'
    ) ?? section.querySelector<HTMLElement>('h2')
  )
}

/**
 * On phones, a bar fixed to the bottom: "Sign this petition" with how many
 * signed (as cards say it: with opposition, how many for and against). It jumps to the form and moves focus into it, and gives way
 * whenever the form is in view. Only while the viewer can sign; the page
 * keeps room under its end so that the bar covers nothing (see app.css).
 */
export default function SignBar({
  petition,
  canSign,
}: {
  petition: PetitionProgress & { allowOpposite: boolean }
  canSign: boolean
}) {
  const { t } = useTranslation()
  const [formInView, setFormInView] = useState(false)

  useEffect(() => {
    const section = document.getElementById(FORM_ID)
    if (!canSign || !section || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setFormInView(entry.isIntersecting))
    observer.observe(section)
    return () => observer.disconnect()
  }, [canSign])

  if (!canSign) return null

  const jump = (event: React.MouseEvent) => {
    const section = document.getElementById(FORM_ID)
    if (!section) return
    event.preventDefault()
    section.scrollIntoView({ block: 'start', behavior: 'instant' })
    firstFieldOf(section)?.focus({ preventScroll: true })
  }

  return (
    <div className="sign-bar d-lg-none" hidden={formInView} data-testid="sign-bar">
      <a
        href={`#${FORM_ID}`}
        className="btn btn-primary w-100 d-flex justify-content-between align-items-center"
        onClick={jump}
      >
        <span className="fw-bold">{t('page.petition_page.sign_bar')}</span>
        <span className="small" data-testid="sign-bar-count">
          {petition.totalSignatures === 0
            ? t('page.petition_page.be_first')
            : t(signedLine(petition).key, signedLine(petition).values)}
        </span>
      </a>
    </div>
  )
}
