import { useEffect, useState, type ReactNode } from 'react'

type Phase = 'hidden' | 'opening' | 'shown' | 'closing'

const CLASSES: Record<Phase, string> = {
  hidden: 'collapse',
  opening: 'collapsing',
  shown: 'collapse show',
  closing: 'collapsing',
}

/** How long Bootstrap's .collapsing transition takes here (none when motion is reduced). */
function transitionMs(element: HTMLElement) {
  const seconds = Number.parseFloat(getComputedStyle(element).transitionDuration) || 0
  return seconds * 1000
}

/**
 * The navbar's fold below its breakpoint, with Bootstrap's height
 * transition as its own collapse plugin runs it: from the height the menu
 * has to the height it will have, then the plain classes again.
 */
export function useNavbarCollapse(id: string) {
  const [phase, setPhase] = useState<Phase>('hidden')
  const expanded = phase === 'opening' || phase === 'shown'

  const toggle = (open = !expanded) => {
    const node = document.getElementById(id)
    if (!node || open === expanded) return
    // Closing starts from the height it shows now, before .collapsing sets it to 0.
    node.style.height = open ? '' : `${node.getBoundingClientRect().height}px`
    setPhase(open ? 'opening' : 'closing')
  }

  useEffect(() => {
    const node = document.getElementById(id)
    if (!node || (phase !== 'opening' && phase !== 'closing')) return
    void node.offsetHeight // the start of the transition
    node.style.height = phase === 'opening' ? `${node.scrollHeight}px` : ''
    const timer = setTimeout(() => {
      node.style.height = ''
      setPhase(phase === 'opening' ? 'shown' : 'hidden')
    }, transitionMs(node))
    return () => clearTimeout(timer)
  }, [id, phase])

  return { id, expanded, className: CLASSES[phase], toggle }
}

/** The navbar's menu; a link or menu entry chosen inside folds it again (collapseOnSelect). */
export default function NavbarCollapse({
  collapse,
  children,
}: {
  collapse: ReturnType<typeof useNavbarCollapse>
  children: ReactNode
}) {
  return (
    <div
      id={collapse.id}
      className={`navbar-collapse ${collapse.className}`}
      onClick={(event) => {
        const target = event.target as HTMLElement
        if (target.closest('.nav-link:not(.dropdown-toggle), .dropdown-item'))
          collapse.toggle(false)
      }}
    >
      {children}
    </div>
  )
}
