import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { linkIn } from '#tests/shipped/support/mailbox'
import { eventually } from '#tests/shipped/support/journeys'
import { atNode, clusterDb, site, type NodeName } from '#tests/cluster/support/cluster'
import type { Visitor } from '#tests/shipped/support/visitor'

/**
 * What the fault tests do while a server is down: guests sign through the
 * proxy, signers confirm, probes ask each node whether it is ready.
 */

export const NODES: NodeName[] = ['a', 'b']

/** A text of resources/lang/<locale>/<file>.json by its key ("page.errors.503.text"). */
export function translated(locale: string, key: string): string {
  const [file, ...path] = key.split('.')
  const source = app.makePath('resources', 'lang', locale, `${file}.json`)
  let value: any = JSON.parse(readFileSync(source, 'utf8'))
  for (const part of path) value = value?.[part]
  if (typeof value !== 'string') throw new Error(`no ${key} in ${locale}`)
  return value
}

/** One sign as the page's form sends it: its status, and the message of a refusal. */
export type Attempt = { email: string; status: number; message: string | null }

/** Whether the sign was taken: the form is sent back to the petition's page. */
export const taken = (attempt: Attempt) => attempt.status === 302 || attempt.status === 303

/** A guest's sign (an Inertia form), the redirect that answers it not followed. */
export async function sign(guid: string, email: string, guest: Visitor = site().visitor()) {
  let status = 0
  let message: string | null = null
  try {
    await guest.ensureXsrfToken()
    const reply = await guest.send('POST', `/petition/${guid}/sign`, {
      inertia: true,
      body: {
        json: {
          firstName: 'Ada',
          lastName: 'Fault',
          email,
          country: 'PL',
          private: false,
          support: true,
          customFields: [],
        },
      },
    })
    status = reply.status
    if (!taken({ email, status, message })) message = reply.json()?.message ?? null
  } catch (error) {
    message = (error as Error).message
  }
  return { email, status, message } satisfies Attempt
}

/**
 * Guests sign through the proxy, `lanes` at a time with a pause between
 * two signs of a lane, while `going()` holds; every attempt as answered.
 */
export async function signWhile(
  guid: string,
  prefix: string,
  going: () => boolean,
  { lanes = 2, pauseMs = 100, locale = 'en' } = {}
) {
  const attempts: Attempt[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (going()) {
        attempts.push(await sign(guid, `${prefix}-${next++}@example.org`, site().visitor(locale)))
        await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
    })
  )
  return attempts
}

/** The confirmation link mailed to `email`. */
export async function linkOf(email: string, timeoutMs = 20_000) {
  return linkIn(await site().mailbox.waitFor(email, undefined, timeoutMs), '/signature/')
}

/** Confirms from the mailed link, at one node; whether the confirmation was taken. */
export async function confirmAt(node: NodeName, link: string) {
  const confirmer = atNode(node)
  const shown = await confirmer.open(link)
  const reply = await confirmer.send('POST', shown.page?.props.confirmUrl, {
    inertia: true,
    body: { json: {} },
  })
  return reply.status === 302 || reply.status === 303
}

/** What a node's readiness probe answers. */
export async function readiness(node: NodeName) {
  return (await atNode(node).send('GET', '/health/ready')).status
}

/** Waits until every node's probe answers `status`; their last answers. */
export function allReady(status: number, ms = 15_000) {
  return Promise.all(
    NODES.map((node) =>
      eventually(
        () => readiness(node),
        (answer) => answer === status,
        ms
      )
    )
  )
}

/** The petition's row as the nodes see it. */
export function petitionRow(slug: string) {
  return clusterDb().from('petitions').where('slug', slug).first()
}

/** The e-mail addresses of `emails` that have a signature of the petition. */
export async function storedOf(petitionId: number, emails: string[]) {
  const rows: Array<{ email: string }> = await clusterDb()
    .from('signatures')
    .where('petition_id', petitionId)
    .whereIn('email', emails)
    .select('email')
  return rows.map((row) => row.email).sort()
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
