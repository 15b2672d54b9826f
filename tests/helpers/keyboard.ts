import type { Page } from 'playwright-core'

// Browser-side expressions are strings: the tests compile without the DOM types.

/** The id of the focused element ('' when it has none). */
export const focusedId = (page: Page) => page.evaluate<string>(`document.activeElement?.id ?? ''`)

/** Where the keyboard focus is, for messages. */
export function describeFocus(page: Page) {
  return page.evaluate<string>(`(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'body'
    const name = element.getAttribute('name') ?? element.getAttribute('data-testid') ?? ''
    return element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + ' ' + name
  })()`)
}

/**
 * Presses Tab until the focused element matches the selector, as a keyboard
 * user gets there; fails, saying where the focus went, when it never does.
 */
export async function tabTo(page: Page, selector: string, maxPresses = 80) {
  const visited: string[] = []
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press('Tab')
    const focused = `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`
    if (await page.evaluate<boolean>(focused)) return
    visited.push(await describeFocus(page))
  }
  throw new Error(`Tab never reached ${selector}; focus went: ${visited.join(' → ')}`)
}
