/** Room for the sticky header above the error. */
const HEADER_OFFSET = 140

/**
 * After a failed submit: scrolls to the first error of the form inside
 * `container` (the whole page by default), 140 px below the top so that the
 * sticky header does not hide it, and moves the keyboard focus to its field.
 * Waits a tick: the errors render after Inertia's onError.
 */
export function scrollToFirstError(container = 'body') {
  setTimeout(() => {
    const first = document.querySelector<HTMLElement>(
      `${container} .is-invalid, ${container} [data-error-for], ${container} .alert-danger`
    )
    if (!first) return
    const top = first.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET
    window.scrollTo({ top, behavior: 'smooth' })
    if (first.matches('input, select, textarea')) first.focus({ preventScroll: true })
  }, 10)
}
