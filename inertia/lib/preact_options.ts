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

const usualDebounce = options.debounceRendering

/** Preact's own wait for effects: after the next frame is painted. */
function afterNextFrame(flush: () => void) {
  let frame = 0
  const done = () => {
    clearTimeout(timeout)
    cancelAnimationFrame(frame)
    setTimeout(flush)
  }
  const timeout = setTimeout(done, 35)
  frame = requestAnimationFrame(done)
}

/** The effects waiting for the frame, if any. */
let waitingEffects: (() => void) | null = null

function flushWaitingEffects() {
  const flush = waitingEffects
  waitingEffects = null
  flush?.()
}

/**
 * React runs the effects of a render forced by flushSync before the code
 * that follows it goes on (Inertia swaps a page so, then calls the visit's
 * onSuccess); Preact would wait for the next frame, and that code would meet
 * values an effect had not yet written (useForm's reset() after a
 * successful post was undone). Inside flushSync (which swaps Preact's
 * debounceRendering) effects run as soon as the render is done; otherwise
 * after the frame, as React and Preact both do.
 */
options.requestAnimationFrame = (flush) => {
  if (options.debounceRendering !== usualDebounce) return queueMicrotask(flush)
  waitingEffects = flush
  afterNextFrame(flushWaitingEffects)
}

/**
 * React also runs the effects still waiting before it handles the next
 * discrete event: a key pressed right after typing (Enter in a form) meets
 * what the last keystroke's effects wrote (useForm reads its data from a
 * ref an effect keeps), or the form would send the text less its last
 * letter. Listened to on the window before anything else hears the event.
 */
if (typeof window !== 'undefined') {
  for (const type of ['keydown', 'keyup', 'pointerdown', 'mousedown', 'click', 'submit', 'input'])
    window.addEventListener(type, flushWaitingEffects, { capture: true })
}
