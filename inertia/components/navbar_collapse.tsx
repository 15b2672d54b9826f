import { useEffect, useRef, useState, type ReactNode } from 'react'

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
 * The navbar's menu below its breakpoint, folded and unfolded with
 * Bootstrap's height transition as its own collapse plugin does it (from
 * the height it has to the height it will have), without react-bootstrap's
 * transition code. Above the breakpoint the stylesheet always shows it.
 */
export default function NavbarCollapse({
  id,
  expanded,
  onChosen,
  children,
}: {
  id: string
  expanded: boolean
  /** A link or menu entry inside was chosen: the menu folds (collapseOnSelect). */
  onChosen: () => void
  children: ReactNode
}) {
  const element = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<Phase>(expanded ? 'shown' : 'hidden')

  useEffect(() => {
    const node = element.current
    if (!node) return
    if (expanded && (phase === 'hidden' || phase === 'closing')) {
      node.style.height = ''
      setPhase('opening')
    } else if (!expanded && (phase === 'shown' || phase === 'opening')) {
      // From the height it shows now, before .collapsing sets it to 0.
      node.style.height = `${node.getBoundingClientRect().height}px`
      setPhase('closing')
    }
  }, [expanded, phase])

  useEffect(() => {
    const node = element.current
    if (!node || (phase !== 'opening' && phase !== 'closing')) return
    void node.offsetHeight // the start of the transition
    node.style.height = phase === 'opening' ? `${node.scrollHeight}px` : ''
    const timer = setTimeout(() => {
      node.style.height = ''
      setPhase(phase === 'opening' ? 'shown' : 'hidden')
    }, transitionMs(node))
    return () => clearTimeout(timer)
  }, [phase])

  return (
    <div
      ref={element}
      id={id}
      className={`navbar-collapse ${CLASSES[phase]}`}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('.nav-link:not(.dropdown-toggle), .dropdown-item')) onChosen()
      }}
    >
      {children}
    </div>
  )
}
