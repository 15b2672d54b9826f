import type { SweetAlertOptions } from 'sweetalert2'

/**
 * sweetalert2, loaded when first needed, with its buttons dressed as the
 * site's own (Bootstrap's primary for the main answer, outlined for the other)
 * rather than the library's purple. `danger` dresses the main answer for an
 * action that destroys something.
 */
export async function siteDialogs({ danger = false } = {}) {
  const { default: Swal } = await import('sweetalert2')
  const options: SweetAlertOptions = {
    buttonsStyling: false,
    customClass: {
      confirmButton: `btn ${danger ? 'btn-danger' : 'btn-primary'}`,
      cancelButton: 'btn btn-outline-secondary',
      actions: 'gap-2',
    },
  }
  return Swal.mixin(options)
}
