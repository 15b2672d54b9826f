import type { Data } from '@generated/data'
import { useTranslation } from '~/i18n/context.tsx'
import SignaturesBar from '~/components/petition/signatures_bar.tsx'
import PaperSplit from '~/components/petition/show/paper_split.tsx'
import SignForm, { type SignFormProps } from '~/components/petition/sign_form.tsx'

/**
 * The sign form with, on wide screens, the count and the progress bar over
 * it: the right column's sticky box (on phones the header shows them, and
 * the form comes after the sections).
 */
export default function SignBox(props: SignFormProps & { petition: Data.PetitionShow }) {
  const { t } = useTranslation()
  const { petition } = props
  return (
    <div className="sign-box" data-testid="sign-box">
      <div className="sign-box-progress d-none d-lg-block mb-3">
        <p className="h5 fw-bold mb-2" data-testid="sign-box-count">
          {t('page.show.signatures_of', {
            total: petition.totalSignatures,
            target: petition.targetSignatures,
          })}
        </p>
        <PaperSplit petition={petition} className="mb-2" />
        <SignaturesBar petition={petition} />
      </div>
      <SignForm {...props} />
    </div>
  )
}
