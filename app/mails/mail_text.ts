/** Longest user-chosen texts a mail carries: a person's name, a title in a subject. */
export const MAIL_NAME_LENGTH = 100
export const MAIL_TITLE_LENGTH = 150

/**
 * Control characters (C0, DEL, C1), Unicode line and paragraph separators,
 * and the marks and overrides that reorder text (bidi), none of which a
 * name or a title needs in a mail: line breaks could start a header of
 * their own, and bidi overrides could disguise an address or a link.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/g

/**
 * A user-chosen text (a name, a petition title, a subject) made fit for a
 * mail: unsafe characters become spaces, spaces are collapsed, and the text
 * is cut to `maxLength` characters with an ellipsis. Every mail passes such
 * texts through here before they reach a subject, a greeting or a body line.
 */
export function mailText(value: string | null | undefined, maxLength: number) {
  const clean = String(value ?? '')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const characters = Array.from(clean)
  if (characters.length <= maxLength) return clean
  return `${characters
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd()}…`
}
