import type { HttpContext } from '@adonisjs/core/http'

/**
 * The mailed links that a mail's `List-Unsubscribe` header names: a
 * petition's news, the newsletter and a petition's mails to a decision
 * maker. Besides their page's button, they take a mail client's one-click
 * unsubscribe (RFC 8058).
 */
export const ONE_CLICK_UNSUBSCRIBE_ROUTES = [
  '/signature/:id/stop-updates',
  '/subscription/:id/unsubscribe',
  '/decision-makers/:id/stop',
]

/**
 * Whether a request is a mail client's one-click unsubscribe: a POST of the
 * form `List-Unsubscribe=One-Click` (urlencoded or multipart) to one of those
 * links, sent without cookies and so without a CSRF token. The link's
 * signature is a secret that a forged cross-site request cannot know, so it
 * stands in for the token; the controller checks it before anything changes.
 */
export function isOneClickUnsubscribe({ request, route }: HttpContext) {
  return (
    request.method() === 'POST' &&
    ONE_CLICK_UNSUBSCRIBE_ROUTES.includes(route?.pattern ?? '') &&
    request.body()['List-Unsubscribe'] === 'One-Click'
  )
}

/**
 * The answer to a one-click unsubscribe: the mail client reads its status,
 * and follows no redirect; the text is for a person who sends it by hand.
 */
export function answerOneClick({ response }: HttpContext, done: boolean, text: string) {
  response.header('content-type', 'text/plain; charset=utf-8')
  return done ? response.ok(text) : response.badRequest(text)
}
