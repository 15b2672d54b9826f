import type { Session } from '@adonisjs/session'

/**
 * One-shot notes for the next petition page, kept for one redirect in the
 * session's flash store (never in the URL, which could be shared):
 * `signatureConfirmed`, the viewer has just confirmed their signature (the
 * page brings its state into view); `petitionPublished`, its owner has just
 * published it (the page offers a first-share panel).
 */
export type PetitionPageNote = 'signatureConfirmed' | 'petitionPublished'

const FLASH_KEY = 'petitionPage'

export function flashPetitionPage(session: Session, note: PetitionPageNote) {
  session.flash(FLASH_KEY, note)
}

/** The note the previous request left for this page, or null. */
export function petitionPageNote(session: Session): PetitionPageNote | null {
  const note = session.flashMessages.get(FLASH_KEY)
  return note === 'signatureConfirmed' || note === 'petitionPublished' ? note : null
}
