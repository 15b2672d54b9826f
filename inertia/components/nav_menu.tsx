import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

type NavMenuProps = {
  /** The toggle's id, which the menu names as its label. */
  'id': string
  'title': ReactNode
  'aria-label'?: string
  'data-testid'?: string
  /** Its entries: links or buttons with the class dropdown-item. */
  'children': ReactNode
}

const ITEMS = '.dropdown-menu .dropdown-item:not(.disabled):not(:disabled)'

/**
 * A dropdown of the navbar (the language and the user menus) in Bootstrap's
 * markup, as react-bootstrap's NavDropdown writes it, without its popper
 * and overlay code: in a navbar the stylesheet places the menu. It opens on
 * a click (Enter or Space on the toggle), or ArrowDown; the arrows move
 * between its entries; Escape closes it and gives focus back to the toggle;
 * a click outside, Tab out of it, or choosing an entry closes it.
 */
export default function NavMenu({ id, title, children, ...rest }: NavMenuProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLAnchorElement>(null)
  const focusFirst = useRef(false)

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])]

  useEffect(() => {
    if (!open) return
    if (focusFirst.current) entries()[0]?.focus()
    focusFirst.current = false
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const focusLeft = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('click', outside)
    document.addEventListener('focusin', focusLeft)
    return () => {
      document.removeEventListener('click', outside)
      document.removeEventListener('focusin', focusLeft)
    }
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
      toggle.current?.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        focusFirst.current = event.key === 'ArrowDown'
        if (event.key === 'ArrowDown') setOpen(true)
        return
      }
      const list = entries()
      const index = list.indexOf(document.activeElement as HTMLElement)
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1
      list[Math.max(0, Math.min(next, list.length - 1))]?.focus()
    }
  }

  return (
    <div
      {...rest}
      ref={root}
      className={`nav-item dropdown${open ? ' show' : ''}`}
      onKeyDown={onKeyDown}
    >
      <a
        ref={toggle}
        id={id}
        href="#"
        role="button"
        tabIndex={0}
        aria-expanded={open}
        className={`dropdown-toggle nav-link${open ? ' show' : ''}`}
        onClick={(event) => {
          event.preventDefault()
          setOpen(!open)
        }}
        // A link that acts as a button answers Space too.
        onKeyDown={(event) => {
          if (event.key !== ' ') return
          event.preventDefault()
          setOpen(!open)
        }}
      >
        {title}
      </a>
      {open && (
        <div
          aria-labelledby={id}
          data-bs-popper="static"
          className="dropdown-menu dropdown-menu-end show"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('.dropdown-item')) setOpen(false)
          }}
        >
          {children}
        </div>
      )}
    </div>
  )
}
