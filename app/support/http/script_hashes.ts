import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'

const CSP = 'Content-Security-Policy'

/**
 * A script element and its text. The pages' inline scripts are data (the
 * Inertia page, JSON-LD), written with `<` escaped, so none holds another
 * `<script` or `</script`.
 */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** The CSP sources (`'sha256-…'`) of the inline scripts of an HTML page, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * A policy without its nonce: in script-src the nonce gives way to the
 * hashes of the page's inline scripts, anywhere else it is dropped.
 */
export function policyWithHashes(policy: string, hashes: string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/)
      const kept = sources.filter((source) => !source.startsWith(`'nonce-`))
      if (kept.length === sources.length) return directive
      const allowed = /^script-src(-elem)?$/i.test(name) ? [...kept, ...hashes] : kept
      return [name, ...allowed].join(' ')
    })
    .join(';')
}

/**
 * An answer a shared cache may keep goes to many visitors as it is, so a
 * nonce in it would be the same for all of them, and known to anyone who
 * read it once: its policy allows its inline scripts by their hashes
 * instead (computed once per rendered copy by the caller). A policy with no
 * nonce (development's, which allows inline scripts anyway) is left alone.
 */
export function allowInlineScriptsByHash(ctx: HttpContext, hashes: string[]) {
  const policy = ctx.response.getHeader(CSP)
  if (typeof policy !== 'string' || !policy.includes(`'nonce-`)) return
  ctx.response.header(CSP, policyWithHashes(policy, hashes))
}

/**
 * The same for an answer rendered for this request alone (the home page, a
 * list): the hashes of its body's inline scripts when it is HTML, none
 * otherwise.
 */
export function dropNonceOf(ctx: HttpContext) {
  const policy = ctx.response.getHeader(CSP)
  if (typeof policy !== 'string' || !policy.includes(`'nonce-`)) return
  const body = ctx.response.getBody()
  const type = String(ctx.response.getHeader('Content-Type') ?? '')
  const html = typeof body === 'string' && (type === '' || /^text\/html\b/i.test(type))
  allowInlineScriptsByHash(ctx, html ? inlineScriptHashes(body) : [])
}
