/** Room for the sticky header above the error. */
const HEADER_OFFSET = 140

/** Scroll steps before giving up on a field that keeps moving. */
const SETTLE_STEPS = 4

/**
 * After a failed submit: scrolls to the first error of the form inside
 * `container` (the whole page by default), 140 px below the top so that the
 * sticky header does not hide it, and moves the keyboard focus to its field.
 * Waits a tick: the errors render after Inertia's onError.
 *
 * The scroll is instant and measured again after each step: a form in a
 * sticky column moves with the page, and sections loading as they scroll
 * into view shift it, so one jump computed beforehand can land beside it.
 */
export function scrollToFirstError(container = 'body') {
  setTimeout(() => {
    const first = document.querySelector<HTMLElement>(
      `${container} .is-invalid, ${container} [data-error-for], ${container} .alert-danger`
    )
    if (!first) return
    let steps = 0
    const settle = () => {
      const off = first.getBoundingClientRect().top - HEADER_OFFSET
      if (Math.abs(off) < 2 || steps++ >= SETTLE_STEPS) return
      window.scrollBy({ top: off, behavior: 'instant' })
      requestAnimationFrame(settle)
    }
    settle()
    if (first.matches('input, select, textarea')) first.focus({ preventScroll: true })
  }, 10)
}
