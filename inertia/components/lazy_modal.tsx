import { lazy, Suspense, useState, type ComponentProps } from 'react'
import type BootstrapModal from 'react-bootstrap/Modal'

type ModalModule = typeof import('react-bootstrap/Modal')

let loaded: ModalModule | null = null
const load = () =>
  import('react-bootstrap/Modal').then((module) => {
    loaded = module
    return module
  })
const RealModal = lazy(load)

/**
 * react-bootstrap's Modal, loaded the first time a page opens a dialog: most
 * visits open none (report, photo, answer), so a page's first load does not
 * carry the dialog code. Once shown it stays mounted, so that it closes with
 * its animation as before. Its parts (Modal.Header…) render inside it only,
 * when its code is here.
 */
function Modal(props: ComponentProps<typeof BootstrapModal>) {
  const [wanted, setWanted] = useState(Boolean(props.show))
  if (props.show && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <RealModal {...props} />
    </Suspense>
  )
}

function part<Name extends 'Header' | 'Title' | 'Body' | 'Footer'>(name: Name) {
  return function ModalPart(props: ComponentProps<(typeof BootstrapModal)[Name]>) {
    const Part = loaded!.default[name] as React.ElementType
    return <Part {...props} />
  }
}

Modal.Header = part('Header')
Modal.Title = part('Title')
Modal.Body = part('Body')
Modal.Footer = part('Footer')

export default Modal
