import { options } from 'preact'

/** Props that React reads and never writes into the page; Preact would make them attributes. */
const REACT_ONLY = ['suppressHydrationWarning', 'suppressContentEditableWarning']

/**
 * The browser renders with Preact (vite/preact_in_browser.ts): React's
 * own props stay out of the DOM there too, as they do in the server's HTML.
 */
const next = options.vnode
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null
  if (typeof vnode.type === 'string' && props)
    for (const name of REACT_ONLY) if (name in props) delete props[name]
  next?.(vnode)
}

/**
 * React runs an update's effects before the code that follows a synchronous
 * render goes on (Inertia swaps a page, then calls the visit's onSuccess);
 * Preact waits for the next frame, so that code would meet values an
 * effect had not yet written (useForm's reset() after a successful post was
 * undone). Effects run as soon as the render is done, as in React.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush)
