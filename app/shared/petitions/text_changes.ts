import { diffWords } from 'diff'

/**
 * What a petition says, as its versions keep it. Letters keep their id (to
 * restore a payload into the same letter), their payload and their
 * recipients' names and designations, never their addresses.
 */
export type LetterText = {
  id: number | null
  payload: string
  recipients: Array<{ name: string; designation: string }>
}

/**
 * A change of the description counts as substantive when the words
 * `diffWords` finds added plus removed are more than this share of the
 * previous description's words…
 */
export const SUBSTANTIVE_SHARE = 0.1
/** …and more than this many: a one-word typo fix (one out, one in) stays silent in any text. */
export const SILENT_WORDS = 2

const WORDS = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu

/** The words of a text (letters and digits; punctuation and spaces are no words). */
export function wordsOf(text: string) {
  return text.match(WORDS)?.length ?? 0
}

/** How many words were added and removed from `before` to `after`, word by word. */
export function wordChanges(before: string, after: string) {
  let added = 0
  let removed = 0
  for (const part of diffWords(before, after)) {
    if (part.added) added += wordsOf(part.value)
    else if (part.removed) removed += wordsOf(part.value)
  }
  return { previousWords: wordsOf(before), added, removed }
}

/**
 * The rule that decides whether signers are told: a new title or target is
 * always substantive; a description is when more than 10 % of its previous
 * words (and more than two) were added or removed. Letters, which go to the
 * recipients rather than state the demand, are recorded but never
 * substantive on their own. Pure: counts in, answer out.
 */
export function isSubstantive(change: {
  titleChanged: boolean
  targetChanged: boolean
  previousWords: number
  changedWords: number
}) {
  if (change.titleChanged || change.targetChanged) return true
  return (
    change.changedWords > SILENT_WORDS &&
    change.changedWords > SUBSTANTIVE_SHARE * change.previousWords
  )
}

/** Letters as one plain text, for a word-level diff: each payload, then its recipients. */
export function lettersAsText(letters: LetterText[]) {
  return letters
    .map((letter) =>
      [
        letter.payload,
        ...letter.recipients.map((recipient) =>
          recipient.designation ? `${recipient.name}, ${recipient.designation}` : recipient.name
        ),
      ].join('\n')
    )
    .join('\n\n')
}

/** Whether two lists of letters read the same (ids aside). */
export function sameLetters(a: LetterText[], b: LetterText[]) {
  return lettersAsText(a) === lettersAsText(b) && a.length === b.length
}
