/** No form nests deeper than a few levels; a request that does is no form. */
const MAX_DEPTH = 16

/**
 * Text that can be validated and stored: well-formed Unicode (a lone UTF-16
 * surrogate cannot be written as UTF-8, and crashes e-mail validation) and
 * no NUL character (PostgreSQL refuses it in text).
 */
export function isReadableText(text: string) {
  return text.isWellFormed() && !text.includes('\u0000')
}

export type InputInspection = { unreadableFields: string[]; tooDeep: boolean }

/**
 * Every string of a request's input, keys included, walked without
 * recursion: the dotted path of each field whose text or keys cannot be
 * read as data, and whether the input nests deeper than any form does.
 */
export function inspectInput(input: unknown): InputInspection {
  const unreadableFields = new Set<string>()
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }]
  while (pending.length > 0) {
    const { value, path } = pending.pop()!
    if (typeof value === 'string') {
      if (!isReadableText(value)) unreadableFields.add(path.join('.') || 'input')
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (path.length >= MAX_DEPTH) return { unreadableFields: [...unreadableFields], tooDeep: true }
    for (const [key, child] of Object.entries(value)) {
      // Reported on the object that holds it: an unreadable key, or one that
      // hides what every object has (toString, valueOf…), which makes the
      // object impossible to read as a value (Number() of it throws).
      if (!isReadableText(key) || key in Object.prototype) {
        unreadableFields.add(path.join('.') || 'input')
      } else {
        pending.push({ value: child, path: [...path, key] })
      }
    }
  }
  return { unreadableFields: [...unreadableFields].sort(), tooDeep: false }
}
