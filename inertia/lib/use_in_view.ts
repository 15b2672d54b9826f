import { useEffect, useState, type RefObject } from 'react'

/**
 * Whether the element has come near the viewport (within `margin`), once:
 * it stays true after. Without IntersectionObserver it is true at once.
 */
export function useInView(element: RefObject<Element | null>, margin = '200px') {
  const [inView, setInView] = useState(false)
  useEffect(() => {
    if (inView) return
    const target = element.current
    if (!target || typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setInView(true))
      return () => clearTimeout(timer)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true)
      },
      { rootMargin: margin }
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, inView, margin])
  return inView
}
