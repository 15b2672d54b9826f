import type { Session } from '@adonisjs/session'

export type AlertKind = 'error' | 'success' | 'info' | 'warning'

/** A modal dialog: an optional title over its text. */
export type SwalMessage = { title: string | null; payload: string }

/**
 * The three ways a page tells the user something: toasts
 * ("alerts"), the messages box above a form, and modal dialogs ("swal").
 * Each lives for one redirect in the session's flash store.
 */
export function flashAlert(session: Session, kind: AlertKind, text: string) {
  session.flash(`alerts.${kind}`, text)
}

export function flashMessage(session: Session, kind: AlertKind, text: string) {
  session.flash(`messages.${kind}`, text)
}

export function flashSwal(session: Session, kind: AlertKind, message: SwalMessage) {
  session.flash(`swal.${kind}`, message)
}
