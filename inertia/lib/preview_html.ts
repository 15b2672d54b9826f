import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_TAGS,
  DROPPED_WITH_CONTENT,
  LINK_REL,
  LINK_SCHEMES,
  OWN_MEDIA,
} from '@app/shared/petitions/rich_text.ts'

const SCHEMES = LINK_SCHEMES.map((scheme) => `${scheme}:`)

/** A link the server keeps: http, https or mailto as the browser reads it; no protocol-relative URL. */
function keptLink(href: string) {
  if (/^\s*[/\\]{2}/.test(href)) return false
  try {
    return SCHEMES.includes(new URL(href, window.location.href).protocol)
  } catch {
    return false
  }
}

function clean(parent: Element) {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE) {
      node.remove()
      continue
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue
    const element = node as Element
    const tag = element.tagName.toLowerCase()
    if (DROPPED_WITH_CONTENT.includes(tag)) {
      element.remove()
      continue
    }
    clean(element)
    if (!DESCRIPTION_TAGS.includes(tag)) {
      // As the server does: the tag goes, what it holds stays.
      element.replaceWith(...Array.from(element.childNodes))
      continue
    }
    if (tag === 'img' && !OWN_MEDIA.test(element.getAttribute('src') ?? '')) {
      element.remove()
      continue
    }
    const allowed = DESCRIPTION_ATTRIBUTES[tag] ?? []
    for (const { name } of Array.from(element.attributes)) {
      if (!allowed.includes(name)) element.removeAttribute(name)
    }
    if (tag === 'a') {
      const href = element.getAttribute('href')
      if (href !== null && !keptLink(href)) element.removeAttribute('href')
      if (element.getAttribute('target') !== '_blank') element.removeAttribute('target')
      element.setAttribute('rel', LINK_REL)
    }
  }
}

/**
 * The editor's HTML as the server will keep it, for the preview: the same
 * allow-list as the server's sanitizer, applied to a document DOMParser
 * builds without running or loading anything.
 */
export function previewHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html')
  clean(document.body)
  return document.body.innerHTML.trim()
}
