import { Marked } from 'marked'
import { Parser } from 'htmlparser2'
import { sanitizeDescription } from '#support/html_sanitizer'

/**
 * Markdown as a mail shows it: headings are kept between h2 and h4, the
 * levels the sanitizer lets through (the mail's own heading is the h1).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(Math.max(token.depth, 2), 4)
  },
})

/**
 * A Markdown body as safe HTML: the site's description sanitizer decides
 * what stays, so that an issue can hold no script, event handler, style or
 * `javascript:` link, whoever wrote the file.
 */
export function renderIssueHtml(source: string) {
  return withMailStyles(sanitizeDescription(markdown.parse(source) as string))
}

/**
 * Mail clients ignore style sheets, so the blocks of an issue get their look
 * inline, matching the mail's own heading and paragraphs. The sanitizer
 * leaves these tags without any attribute, so each is found as it is.
 */
const MAIL_STYLES: Record<string, string> = {
  h2: 'font-size:18px;margin:24px 0 12px;',
  h3: 'font-size:16px;margin:20px 0 10px;',
  h4: 'font-size:15px;margin:16px 0 8px;',
  p: 'margin:0 0 14px;',
  ul: 'margin:0 0 14px;padding-left:24px;',
  ol: 'margin:0 0 14px;padding-left:24px;',
  blockquote: 'margin:0 0 14px;padding-left:12px;border-left:3px solid #dee2e6;color:#495057;',
}

/** Sanitized HTML with the inline look of a mail's blocks (mail clients ignore style sheets). */
export function withMailStyles(html: string) {
  return html.replace(
    /<(h2|h3|h4|p|ul|ol|blockquote)>/g,
    (_tag, name: string) => `<${name} style="${MAIL_STYLES[name]}">`
  )
}

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'blockquote'])

/** The plain-text version of sanitized HTML: blocks on lines of their own, links with their address. */
export function issueText(html: string) {
  let text = ''
  const links: Array<{ href: string; from: number }> = []
  // Per open list: the next number of an ordered one, null for bullets.
  const lists: Array<number | null> = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'br') text += '\n'
        else if (name === 'li') {
          const next = lists.at(-1)
          text += typeof next === 'number' ? `\n${next}. ` : '\n- '
          if (typeof next === 'number') lists[lists.length - 1] = next + 1
        } else if (BLOCKS.has(name)) text += '\n\n'
        if (name === 'ul' || name === 'ol') lists.push(name === 'ol' ? 1 : null)
        if (name === 'a') links.push({ href: attributes.href ?? '', from: text.length })
      },
      ontext(chunk) {
        // The line breaks between tags are not text: blocks bring their own.
        if (chunk.trim() === '') text += /\s$/.test(text) || text === '' ? '' : ' '
        else text += chunk
      },
      onclosetag(name) {
        if (name === 'a') {
          const link = links.pop()
          if (link?.href && text.slice(link.from).trim() !== link.href) text += ` (${link.href})`
        } else if (BLOCKS.has(name)) text += '\n\n'
        if (name === 'ul' || name === 'ol') lists.pop()
      },
    },
    { decodeEntities: true }
  )
  parser.write(html)
  parser.end()
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
