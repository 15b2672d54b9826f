import type { Readable } from 'node:stream'
import db from '@adonisjs/lucid/services/db'
import yazl from 'yazl'
import type Petition from '#models/petition'
import Letter from '#models/letter'
import PetitionResponse from '#models/petition_response'
import type { Locale } from '#app/i18n/locales'
import { petitionProgress } from '#shared/petitions/progress'
import { petitionUrl } from '#services/petitions/sharing'
import { petitionGrowth } from '#services/petitions/history'
import { logProofOf } from '#services/transparency/petition_log'
import { site } from '#config/site'
import { fileNamePart, petitionFilePart } from '#services/delivery/documents'
import {
  packagePdf,
  type DeliveryRecipient,
  type PackageData,
  type PackageOptions,
} from '#services/delivery/package_pdf'
import { descriptionText } from '#support/search_text'

export type { DeliveryRecipient, PackageOptions } from '#services/delivery/package_pdf'

/**
 * The recipients of the petition's letters, in the form's order (letters,
 * then recipients), each with its letter. Their addresses are never read:
 * nothing of a package mentions one.
 */
export async function deliveryRecipients(petition: Petition): Promise<DeliveryRecipient[]> {
  const letters = await Letter.query()
    .where('petition_id', petition.id)
    .orderBy('position')
    .orderBy('id')
    .preload('recipients', (recipients) => recipients.orderBy('position').orderBy('id'))
  return letters.flatMap((letter) =>
    letter.recipients.map((recipient) => ({
      id: recipient.id,
      name: recipient.name,
      designation: recipient.payload,
      letter: letter.payload,
    }))
  )
}

async function packageData(petition: Petition, locale: Locale): Promise<PackageData> {
  const [byCountry, growth, responses, log] = await Promise.all([
    // The online supporters: paper batches have no country, opposition is not support.
    db
      .from('petition_country_signatures')
      .where('petition_id', petition.id)
      .where('support', '>', 0)
      .orderBy('support', 'desc')
      .orderBy('country')
      .select('country', 'support') as Promise<Array<{ country: string; support: number }>>,
    petitionGrowth(petition),
    PetitionResponse.query()
      .where('petition_id', petition.id)
      .orderBy('responded_on')
      .orderBy('id'),
    logProofOf(petition),
  ])
  return {
    url: petitionUrl(petition.slug, locale),
    online: petitionProgress(petition).onlineSupportCount,
    byCountry: byCountry.map((row) => ({ code: row.country, count: Number(row.support) })),
    growth,
    log: { ...log, keyUrl: site.urlFor(locale) + '/.well-known/undersign/log-key' },
    responses: responses.map((response) => ({
      responder: response.responder,
      role: response.responderRole,
      on: response.respondedOn.toJSDate(),
      text: descriptionText(response.body),
    })),
  }
}

/** A download: the stream to send and how to name it. */
export type Download = { stream: Readable; fileName: string; contentType: string }

/**
 * The delivery package of a petition: one recipient's PDF when asked for one
 * (or the general PDF, addressed to its target, when it has no recipient),
 * else a ZIP of one PDF per recipient. A ZIP's PDFs are written one after
 * the other, each started only when the archive is ready to take it, and
 * stored as they are (a PDF is compressed already). A download that is
 * cancelled stops the PDF being written.
 */
export async function deliveryPackage(
  petition: Petition,
  recipients: DeliveryRecipient[],
  options: PackageOptions
): Promise<Download> {
  const data = await packageData(petition, options.language)
  const base = `${petitionFilePart(petition)}-delivery-${options.language}`
  const chosen = recipients.find((recipient) => recipient.id === options.recipientId)
  if (chosen || recipients.length === 0) {
    const part = chosen ? `-${fileNamePart(chosen.name, String(chosen.id))}` : ''
    return {
      stream: packagePdf(petition, chosen ?? null, options, data, () => {}),
      fileName: `${base}${part}.pdf`,
      contentType: 'application/pdf',
    }
  }

  const zip = new yazl.ZipFile()
  const archive = zip.outputStream as Readable
  let current: Readable | null = null
  archive.on('close', () => current?.destroy())
  const fail = (error: unknown) => archive.destroy(error as Error)
  const width = String(recipients.length).length
  const mtime = new Date()
  recipients.forEach((recipient, index) => {
    const name = `${String(index + 1).padStart(width, '0')}-${fileNamePart(recipient.name, String(recipient.id))}.pdf`
    zip.addReadStreamLazy(name, { compress: false, mtime }, (done) => {
      if (archive.destroyed) return
      current = packagePdf(petition, recipient, options, data, fail)
      done(null, current)
    })
  })
  zip.end()
  return { stream: archive, fileName: `${base}.zip`, contentType: 'application/zip' }
}

/**
 * What the owner's delivery tools offer (Petition/Signatures): the
 * recipients a package may be for (names and designations, never an
 * address), the petition's target for the general package, and its language.
 */
export async function deliveryChoices(petition: Petition) {
  const recipients = await deliveryRecipients(petition)
  return {
    target: petition.target,
    lang: petition.lang,
    recipients: recipients.map(({ id, name, designation }) => ({ id, name, designation })),
  }
}
