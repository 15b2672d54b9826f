import { siteDialogs } from '~/lib/dialogs.ts'

/**
 * Asks before an action that cannot be undone, in a dialog whose confirming
 * button is danger red. Resolves true when the person confirms.
 */
export async function askToConfirm(texts: {
  title: string
  text: string
  confirm: string
  cancel: string
}) {
  const Swal = await siteDialogs({ danger: true })
  const answer = await Swal.fire({
    title: texts.title,
    text: texts.text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: texts.confirm,
    cancelButtonText: texts.cancel,
    // The safe choice has the focus: Enter alone never destroys anything.
    focusCancel: true,
    returnFocus: true,
  })
  return answer.isConfirmed
}
