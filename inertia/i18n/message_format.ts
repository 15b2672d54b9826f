/**
 * ICU messages as the translation files write them, formatted in the
 * browser without intl-messageformat and its parser (a tenth of the page's
 * script budget): `{name}`, `{n, number}`, `{n, plural, =0 {…} one {# …}
 * other {…}}` (with `offset:`), `{n, selectordinal, …}`, `{x, select, …}` and
 * ICU's apostrophe quoting. The rules are intl-messageformat's own
 * (tests/unit/message_format.spec.ts compares every message of every
 * language with it); the server keeps intl-messageformat for mails.
 */

type Element =
  | string
  | { kind: 'pound' }
  | { kind: 'argument'; name: string }
  | { kind: 'number'; name: string }
  | { kind: 'select'; name: string; options: Record<string, Element[]> }
  | {
      kind: 'plural'
      name: string
      ordinal: boolean
      offset: number
      options: Record<string, Element[]>
    }

type ParentType = 'plural' | 'select' | null

class Parser {
  #position = 0
  constructor(readonly message: string) {}

  parse(): Element[] {
    return this.#elements(null, 0)
  }

  #fail(reason: string): never {
    throw new SyntaxError(`${reason} at ${this.#position} in "${this.message}"`)
  }

  #char() {
    return this.message[this.#position]
  }

  #skipSpace() {
    while (/\s/.test(this.#char() ?? '')) this.#position++
  }

  #elements(parent: ParentType, depth: number): Element[] {
    const elements: Element[] = []
    let text = ''
    const flush = () => {
      if (text) elements.push(text)
      text = ''
    }
    while (this.#position < this.message.length) {
      const char = this.#char()
      if (char === '{') {
        flush()
        elements.push(this.#argument(depth))
      } else if (char === '}' && depth > 0) {
        break
      } else if (char === '#' && parent === 'plural') {
        flush()
        elements.push({ kind: 'pound' })
        this.#position++
      } else if (char === "'") {
        text += this.#quote(parent)
      } else {
        text += char
        this.#position++
      }
    }
    flush()
    return elements
  }

  /** `''` is one apostrophe; `'` before a special character quotes up to the next lone `'`. */
  #quote(parent: ParentType): string {
    const next = this.message[this.#position + 1]
    if (next === "'") {
      this.#position += 2
      return "'"
    }
    const special = next === '{' || next === '}' || (next === '#' && parent === 'plural')
    if (!special) {
      this.#position++
      return "'"
    }
    let quoted = next
    this.#position += 2
    while (this.#position < this.message.length) {
      const char = this.#char()
      if (char === "'") {
        if (this.message[this.#position + 1] === "'") {
          quoted += "'"
          this.#position += 2
          continue
        }
        this.#position++
        return quoted
      }
      quoted += char
      this.#position++
    }
    return quoted
  }

  #word() {
    const start = this.#position
    while (this.#position < this.message.length && !/[\s,{}]/.test(this.#char())) this.#position++
    return this.message.slice(start, this.#position)
  }

  #argument(depth: number): Element {
    this.#position++ // {
    this.#skipSpace()
    const name = this.#word()
    this.#skipSpace()
    if (!name) this.#fail('an argument without a name')
    if (this.#char() === '}') {
      this.#position++
      return { kind: 'argument', name }
    }
    if (this.#char() !== ',') this.#fail('expected , or }')
    this.#position++
    this.#skipSpace()
    const type = this.#word()
    this.#skipSpace()
    if (type === 'number' && this.#char() === '}') {
      this.#position++
      return { kind: 'number', name }
    }
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select')
      this.#fail(`the argument type "${type}" (with its style) is not supported`)
    if (this.#char() !== ',') this.#fail('expected ,')
    this.#position++
    this.#skipSpace()
    let offset = 0
    if (type !== 'select' && this.message.startsWith('offset:', this.#position)) {
      this.#position += 'offset:'.length
      this.#skipSpace()
      offset = Number(this.#word())
      this.#skipSpace()
    }
    const options: Record<string, Element[]> = {}
    while (this.#char() !== '}') {
      const selector = this.#word()
      this.#skipSpace()
      if (!selector || this.#char() !== '{') this.#fail('expected an option')
      this.#position++
      options[selector] = this.#elements(type === 'select' ? 'select' : 'plural', depth + 1)
      if (this.#char() !== '}') this.#fail('an option without its }')
      this.#position++
      this.#skipSpace()
      if (this.#position >= this.message.length) this.#fail('an argument without its }')
    }
    this.#position++
    if (!('other' in options)) this.#fail('an argument without its other option')
    if (type === 'select') return { kind: 'select', name, options }
    return { kind: 'plural', name, ordinal: type === 'selectordinal', offset, options }
  }
}

const parsed = new Map<string, Element[]>()
const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()

function numberFormat(locale: string) {
  let format = numberFormats.get(locale)
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)))
  return format
}

function pluralRule(locale: string, ordinal: boolean) {
  const key = `${locale}:${ordinal}`
  let rules = pluralRules.get(key)
  if (!rules)
    pluralRules.set(
      key,
      (rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }))
    )
  return rules
}

const own = (options: Record<string, Element[]>, key: string) =>
  Object.prototype.hasOwnProperty.call(options, key) ? options[key] : undefined

function render(
  elements: Element[],
  locale: string,
  values: Record<string, unknown> | undefined,
  message: string,
  pluralValue?: number
): string {
  let out = ''
  for (const element of elements) {
    if (typeof element === 'string') {
      out += element
      continue
    }
    if (element.kind === 'pound') {
      if (typeof pluralValue === 'number') out += numberFormat(locale).format(pluralValue)
      continue
    }
    if (!values || !(element.name in values))
      throw new Error(`The value "${element.name}" is missing for "${message}"`)
    const value = values[element.name]
    if (element.kind === 'argument') {
      const plain = typeof value === 'string' || typeof value === 'number'
      out += plain ? String(value) : value ? String(value) : ''
    } else if (element.kind === 'number') {
      out += numberFormat(locale).format(value as number)
    } else if (element.kind === 'select') {
      const option = own(element.options, String(value)) || element.options.other
      out += render(option, locale, values, message)
    } else {
      const number = (value as number) - element.offset
      const option =
        own(element.options, `=${value}`) ||
        own(element.options, pluralRule(locale, element.ordinal).select(number)) ||
        element.options.other
      out += render(option, locale, values, message, number)
    }
  }
  return out
}

/** The message with its values, in the locale's plural rules and number format. */
export function formatMessage(message: string, locale: string, values?: Record<string, unknown>) {
  let elements = parsed.get(message)
  if (!elements) parsed.set(message, (elements = new Parser(message).parse()))
  return render(elements, locale, values, message)
}
