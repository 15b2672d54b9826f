import { useEffect, type RefObject } from 'react'

/** Room kept under the window's bottom edge for a box taller than the window. */
const BOTTOM_GAP = 16

/**
 * A sticky box that may be taller than the window: it sticks under the
 * site's header (its CSS `top`) when it fits; otherwise it scrolls with the
 * page until its bottom is in view, then sticks there, so that every part
 * of it (a long form's submit button too) is reached by scrolling the page,
 * never inside the box. Follows the box's and the window's size.
 */
export function useStickyTop(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const box = ref.current
    if (!box || typeof ResizeObserver === 'undefined') return
    const place = () => {
      box.style.top = ''
      const cssTop = Number.parseFloat(getComputedStyle(box).top) || 0
      const fitsAt = window.innerHeight - box.offsetHeight - BOTTOM_GAP
      if (fitsAt < cssTop) box.style.top = `${fitsAt}px`
    }
    place()
    const observer = new ResizeObserver(place)
    observer.observe(box)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
    }
  }, [ref])
}
