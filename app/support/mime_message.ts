import { randomBytes, randomUUID } from 'node:crypto'
import { createTransport } from 'nodemailer'

/**
 * A mail written as it goes over the wire (RFC 5322 with MIME), for mails
 * sent by the thousand: the same structure nodemailer composes (a
 * multipart/alternative of a text and an HTML part), with the text carried
 * as it is (8bit) rather than quoted-printable or base64, which make every
 * non-Latin letter three bytes or more, and with the headers that never
 * change between recipients composed once.
 */

/** Longest line SMTP carries, in bytes without its CRLF (RFC 5321 4.5.3.1.6). */
const MAX_LINE_BYTES = 998

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

/**
 * The header lines of a mail from `from` with `subject`, as nodemailer
 * writes them (a display name quoted, a non-ASCII subject in encoded words,
 * folded): composed once for the many mails that share them.
 */
export async function sharedHeaders(from: { name: string; address: string }, subject: string) {
  const { message } = await composer.sendMail({ from, to: 'to@example.org', subject, text: '' })
  const head = message.toString('utf8')
  const lines = head.slice(0, head.indexOf('\r\n\r\n')).split(/\r\n(?![ \t])/)
  const kept = lines.filter((line) => /^(From|Subject):/i.test(line))
  return `${kept.join('\r\n')}\r\nMIME-Version: 1.0\r\n`
}

/** Whether a recipient can be written in a header as it is: plain ASCII, nothing to quote. */
export function isPlainAddress(address: string) {
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/.test(address)
}

/** CRLF line ends, as SMTP wants them. */
function crlf(text: string) {
  return text.replace(/\r\n|\r|\n/g, '\r\n')
}

/** Whether every line of the text fits SMTP's limit as it is. */
function fitsLines(text: string) {
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    // A UTF-16 unit is at most three bytes in UTF-8: count exactly only when it may matter.
    if ((end - start) * 3 > MAX_LINE_BYTES) {
      if (Buffer.byteLength(text.slice(start, end)) > MAX_LINE_BYTES) return false
    }
    start = end + 1
  }
  return true
}

/** One part of the alternative: as it is when SMTP can carry it so, else in base64. */
function part(type: 'text/plain' | 'text/html', content: string) {
  const head = `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: `
  if (fitsLines(content)) {
    const encoding = /[^\t\n\r -~]/.test(content) ? '8bit' : '7bit'
    return `${head}${encoding}\r\n\r\n${crlf(content)}`
  }
  const base64 = Buffer.from(content, 'utf8').toString('base64')
  return `${head}base64\r\n\r\n${base64.replace(/.{76}(?=.)/g, '$&\r\n')}`
}

/**
 * The whole message: the shared headers, then the recipient's, then the
 * text and HTML versions. `domain` names the Message-ID's sender, as the
 * From address's domain does in nodemailer's.
 */
export function mimeMessage(parts: {
  shared: string
  to: string
  domain: string
  text: string
  html: string
}) {
  const boundary = `--_U-${randomBytes(12).toString('hex')}`
  const date = new Date().toUTCString().replace(/GMT$/, '+0000')
  return (
    `${parts.shared}To: ${parts.to}\r\n` +
    `Message-ID: <${randomUUID()}@${parts.domain}>\r\nDate: ${date}\r\n` +
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n` +
    `--${boundary}\r\n${part('text/plain', parts.text)}\r\n` +
    `--${boundary}\r\n${part('text/html', parts.html)}\r\n` +
    `--${boundary}--\r\n`
  )
}
