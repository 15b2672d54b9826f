/**
 * Asks before an action that cannot be undone, in a sweetalert2 dialog
 * loaded when first needed. Resolves true when the person confirms.
 */
export async function askToConfirm(texts: {
  title: string
  text: string
  confirm: string
  cancel: string
}) {
  const { default: Swal } = await import('sweetalert2')
  const answer = await Swal.fire({
    title: texts.title,
    text: texts.text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: texts.confirm,
    cancelButtonText: texts.cancel,
    // Bootstrap's danger red: the button destroys something.
    confirmButtonColor: '#dc3545',
    // The safe choice has the focus: Enter alone never destroys anything.
    focusCancel: true,
    returnFocus: true,
  })
  return answer.isConfirmed
}
