import sharp from 'sharp'
import { linkIn, type Mailbox } from '#tests/shipped/support/mailbox'
import { shippedApp, visitor } from '#tests/shipped/support/shipped_app'
import type { Visitor } from '#tests/shipped/support/visitor'

/** A running site: new visitors of it, and the mailbox its mails reach. */
export type Site = { visitor(locale?: string): Visitor; mailbox: Mailbox }

/** The built app of the shipped suite, as a site. */
const shippedSite = (): Site => ({ visitor, mailbox: shippedApp().mailbox })

export const PASSWORD = 'violet-river-3141'

/** Signs up through the form and follows the mailed link: a verified member, logged in. */
export async function verifiedMember(
  email: string,
  locale = 'en',
  firstName = 'Olena',
  site: Site = shippedSite()
) {
  const member = site.visitor(locale)
  await member.open('/signup')
  const { reply, landing } = await member.submit('POST', '/signup', {
    json: {
      firstName,
      lastName: 'Koval',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  })
  if (landing?.component !== 'My/MyPetitions') {
    throw new Error(`sign-up of ${email} failed: ${reply.status} ${reply.location ?? ''}`)
  }
  const mail = await site.mailbox.waitFor(email)
  const link = linkIn(mail, '/auth/email/verify/')
  await member.open(link)
  const verified = await member.submit('POST', link, { json: { answer: 'verify' } })
  if (verified.landing?.component !== 'My/MyPetitions') {
    throw new Error(`verification of ${email} failed`)
  }
  return member
}

/** A real PNG of the given size. */
export function png(width: number, height: number, color = '#2f6fdb') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** An upload as the create form's file picker sends it (JSON answer). */
export async function uploadPicture(member: Visitor, guid: string, type: 'banner' | 'photo') {
  const reply = await member.send('POST', `/petition/${guid}/media`, {
    body: {
      multipart: {
        type,
        file: { name: `${type}.png`, type: 'image/png', content: await png(1200, 800) },
      },
    },
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  })
  if (reply.status !== 200)
    throw new Error(`upload of a ${type} failed: ${reply.status} ${reply.text()}`)
  return reply.json() as { id: number; url: string; type: string; driver: string }
}

/** Polls `read` until `done` holds (counts move within about two seconds). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 8000
) {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A guest's sign form for a petition without custom fields: a supporter who lives in Brazil. */
export function guestSignForm(email: string) {
  return {
    firstName: 'Ana',
    lastName: 'Lima',
    email,
    country: 'BR',
    support: true,
    customFields: [],
  }
}

/** What the create form sends for a plain petition. */
const PLAIN_PETITION = {
  title: 'Keep the night trains running',
  target: 'The national railway',
  description: '<p>The last night train to the coast stops in December.</p>',
  photos: [],
  videos: [],
  letters: [],
  updates: [],
  customFields: [],
  allowComments: false,
  allowOpposite: false,
  private: false,
  targetSignatures: 100,
  topics: ['transport'],
}

/**
 * A petition made through the create form: a plain one, with what `fields`
 * gives for the form's guid (after uploads to it, for instance) on top.
 */
export async function createPetition(
  owner: Visitor,
  fields: (guid: string) => Promise<Record<string, unknown>> | Record<string, unknown> = () => ({})
) {
  const form = await owner.visit('/petition/create')
  const guid: string = form.props.petition.guid
  const saved = await owner.submit('POST', `/petition/${guid}/create`, {
    json: { ...PLAIN_PETITION, ...(await fields(guid)) },
  })
  return { form, guid, saved, slug: saved.landing?.props.petition.slug as string }
}
