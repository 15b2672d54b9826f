import type { HttpContext } from '@adonisjs/core/http'
import string from '@adonisjs/core/helpers/string'

export type AlertKind = 'error' | 'success' | 'info' | 'warning'

/** A modal dialog: an optional title over its text. */
export type SwalMessage = { title: string | null; payload: string }

/** Values put into a message's translation. */
type Params = Record<string, string | number | null | undefined>

/**
 * A message for the next page: its kind, its key in the translation files and
 * the values it names. It shows as a toast, unless it asks for the box above
 * the page's form (`show: 'box'`) or a modal dialog with a title
 * (`show: 'dialog'`).
 */
export type FlashNote = { type: AlertKind; key: string; params?: Params } & (
  { show?: 'toast' | 'box' } | { show: 'dialog'; titleKey: string }
)

/** Where each way of showing keeps its messages in the session's flash store. */
const STORE = { toast: 'alerts', box: 'messages', dialog: 'swal' } as const

/**
 * The one way an action tells the user something after a redirect: the text
 * translated in the request's language, kept for one redirect in the session's
 * flash store, and shown by the client's `Flash` component. A dialog's text is
 * HTML, so the values put into it are escaped (they may be what a visitor typed).
 */
export function flash({ session, i18n }: Pick<HttpContext, 'session' | 'i18n'>, note: FlashNote) {
  const show = note.show ?? 'toast'
  if (note.show === 'dialog') {
    const escaped = Object.fromEntries(
      Object.entries(note.params ?? {}).map(([name, value]) => [
        name,
        typeof value === 'string' ? string.escapeHTML(value) : value,
      ])
    )
    const message: SwalMessage = {
      title: i18n.t(note.titleKey),
      payload: i18n.t(note.key, escaped),
    }
    session.flash(`${STORE.dialog}.${note.type}`, message)
    return
  }
  session.flash(`${STORE[show]}.${note.type}`, i18n.t(note.key, note.params))
}
