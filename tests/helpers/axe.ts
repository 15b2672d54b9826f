import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright-core'

const AXE_PATH = app.makePath('node_modules/axe-core/axe.min.js')
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] }

/**
 * The serious and critical WCAG 2.2 AA violations axe finds on the page as
 * it is now, or in the part of it `selector` names.
 */
export async function seriousViolations(page: Page, selector?: string) {
  await settleShortAnimations(page)
  await page.addScriptTag({ path: AXE_PATH })
  const context = selector ? `document.querySelector(${JSON.stringify(selector)})` : 'document'
  // A string, run in the page: the tests compile without the DOM types.
  const violations = await page.evaluate<Violation[]>(
    `axe.run(${context}, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} } })
      .then((result) => result.violations)`
  )
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')
}

/**
 * Waits until no animation that ends within two seconds (a toast sliding
 * in, a fade, a button's focus ring) is running, and the page has not
 * scrolled, for two frames in a row: halfway through, their colours fail a
 * contrast check that the settled page passes, a link followed to an
 * anchor scrolls smoothly (a target passing under the sticky bars fails the
 * target-size check), and a focus or a render can start one a frame after
 * the last ended. Long ones, such as a toast's countdown bar, are left
 * running.
 */
async function settleShortAnimations(page: Page) {
  await page.evaluate(`(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
    const shortOnes = () =>
      document.getAnimations().filter((animation) => {
        if (animation.playState !== 'running') return false
        const timing = animation.effect && animation.effect.getComputedTiming()
        const left = timing ? Number(timing.endTime) - Number(timing.localTime || 0) : Infinity
        return left < 2000
      })
    const deadline = performance.now() + 5000
    const scrolled = () => window.scrollX + ',' + window.scrollY
    let lastScroll = scrolled()
    let quietFrames = 0
    while (quietFrames < 2 && performance.now() < deadline) {
      const running = shortOnes()
      const scroll = scrolled()
      const stillScrolling = scroll !== lastScroll
      lastScroll = scroll
      if (stillScrolling) quietFrames = 0
      else if (running.length === 0) quietFrames++
      else {
        quietFrames = 0
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)))
      }
      await nextFrame()
    }
  })()`)
}

/** Violations as lines a failed assertion shows: rule, impact and a few of the elements. */
export function describeViolations(where: string, violations: Violation[]) {
  return violations.map(
    ({ id, impact, nodes }) =>
      `${where}: ${id} (${impact}) on ${nodes.length} element(s), e.g. ${nodes
        .slice(0, 3)
        .map(({ target }) => target.join(' '))
        .join(' | ')}`
  )
}
