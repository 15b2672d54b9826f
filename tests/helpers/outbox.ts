import { rm } from 'node:fs/promises'
import { outboxFolder } from '#config/mail'
import { readOutbox } from '#support/outbox_transport'

/** The mails the app wrote to its local outbox, newest first. */
export const outbox = {
  read: () => readOutbox(outboxFolder),
  clear: () => rm(outboxFolder, { recursive: true, force: true }),
  async to(address: string) {
    return (await readOutbox(outboxFolder)).filter((mail) => mail.to.includes(address))
  },
}

/** The first URL in a mail (link or text) that contains a fragment of a path. */
export function linkIn(html: string | null, fragment: string): string {
  const urls = [...(html ?? '').matchAll(/https?:\/\/[^\s"<>]+/g)].map((found) =>
    found[0].replace(/&amp;/g, '&')
  )
  const link = urls.find((url) => url.includes(fragment))
  if (!link) throw new Error(`no link containing ${fragment} in the mail`)
  return link
}
