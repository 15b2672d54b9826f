import type { HttpContext } from '@adonisjs/core/http'

export type AlertKind = 'error' | 'success' | 'info' | 'warning'

/** A modal dialog: an optional title over its text. */
export type SwalMessage = { title: string | null; payload: string }

/**
 * The three ways a page tells the user something: toasts
 * ("alerts"), the messages box above a form, and modal dialogs ("swal").
 * Each lives for one redirect in the session's flash store.
 */
export function flashAlert(ctx: HttpContext, kind: AlertKind, text: string) {
  ctx.session.flash(`alerts.${kind}`, text)
}

export function flashMessage(ctx: HttpContext, kind: AlertKind, text: string) {
  ctx.session.flash(`messages.${kind}`, text)
}

export function flashSwal(ctx: HttpContext, kind: AlertKind, message: SwalMessage) {
  ctx.session.flash(`swal.${kind}`, message)
}
