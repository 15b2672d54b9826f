import type { Data } from '@generated/data'
import SignaturesBar from '~/components/petition/signatures_bar.tsx'
import PetitionCount from '~/components/petition/show/petition_count.tsx'
import SignForm, { type SignFormProps } from '~/components/petition/sign_form.tsx'

/**
 * The sign form with, on wide screens, the count and the progress bar over
 * it: the right column's sticky box (on phones the header shows them, and
 * the form comes after the sections).
 */
export default function SignBox(props: SignFormProps & { petition: Data.PetitionShow }) {
  const { petition } = props
  return (
    <div className="sign-box" data-testid="sign-box">
      <div className="sign-box-progress d-none d-lg-block mb-3">
        <PetitionCount
          petition={petition}
          className="h5 fw-bold mb-2"
          detailClassName="small text-muted mb-2"
          testId="sign-box-count"
        />
        <SignaturesBar petition={petition} />
      </div>
      <SignForm {...props} />
    </div>
  )
}
