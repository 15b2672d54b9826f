import { test } from '@japa/runner'
import { createServer, type AddressInfo } from 'node:net'
import mailManager from '@adonisjs/mail/services/main'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { SignatureMailer, signatureMails } from '#runtime/signatures/signature_mails'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** An unconfirmed signature whose link has been due since `dueSince`, as a process left it. */
async function dueSignature(dueSince: DateTime, attempts = 0) {
  const petition = await PetitionFactory.apply('published').with('user').create()
  const signature = await SignatureFactory.apply('unconfirmed')
    .merge({
      petitionId: petition.id,
      confirmationToken: 'token-of-the-link-left-due',
      linkMailDueAt: dueSince,
      linkMailAttempts: attempts,
    })
    .create()
  return { petition, signature }
}

/** What a mailed confirmation link is signed for: its signature's path and token. */
function signedFor(mailHtml: string | null) {
  const url = new URL(linkIn(mailHtml, '/signature/'))
  const payload = url.searchParams.get('signature')!.split('.')[0]
  const { message, purpose } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  return { message, purpose }
}

/** What the current link of a signature is signed for. */
function currentLink(signature: { id: number; confirmation_token: string | null }) {
  return {
    message: `/signature/${signature.id}/confirm`,
    purpose: `signature-confirm:${signature.confirmation_token}`,
  }
}

async function dueColumns(id: number) {
  const row = await db
    .from('signatures')
    .where('id', id)
    .select('link_mail_due_at', 'link_mail_attempts')
    .firstOrFail()
  return { due: row.link_mail_due_at as unknown, attempts: Number(row.link_mail_attempts) }
}

/**
 * A signature row is its confirmation mail's outbox: it is stored with its
 * link due, the process that stored it mails it, and any process sweeps up
 * links left due by a process that died.
 */
test.group('Confirmation links: the signature row as the outbox', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a guest’s signature is stored with its link due, and mailing the link clears it', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@example.org' })
    const [row] = await signatureRows(petition)
    const [mail] = await outbox.to('olena@example.org')
    assert.deepEqual(signedFor(mail.html), currentLink(row))
    assert.isNull((await dueColumns(row.id)).due)
  })

  test('links waiting in a process go out together when it flushes, each once', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signatures = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        SignatureFactory.apply('unconfirmed')
          .merge({
            petitionId: petition.id,
            email: `${name}@example.org`,
            confirmationToken: `token-${name}`,
            linkMailDueAt: DateTime.utc(),
          })
          .create()
      )
    )
    // As a server runs it: the links wait in the process instead of going out in the request.
    const queue = app.config.get('queue.default')
    app.config.set('queue.default', 'database')
    try {
      for (const signature of signatures) await signatureMails.due(signature.id)
      assert.lengthOf(await outbox.read(), 0)
      await signatureMails.flush()
    } finally {
      app.config.set('queue.default', queue)
    }
    for (const signature of signatures) {
      const mails = await outbox.to(signature.email)
      assert.lengthOf(mails, 1)
      assert.deepEqual(
        signedFor(mails[0].html),
        currentLink({ id: signature.id, confirmation_token: signature.confirmationToken })
      )
      assert.isNull((await dueColumns(signature.id)).due)
    }
    await signatureMails.flush()
    assert.lengthOf(await outbox.read(), 3)
  })

  test('a link left due by a process that died is mailed by the sweep, once', async ({
    assert,
  }) => {
    const { signature } = await dueSignature(DateTime.utc().minus({ minutes: 1 }))

    assert.equal(await signatureMails.sweep(), 1)
    const [mail] = await outbox.to(signature.email)
    assert.deepEqual(
      signedFor(mail.html),
      currentLink({ id: signature.id, confirmation_token: signature.confirmationToken })
    )
    assert.deepEqual(await dueColumns(signature.id), { due: null, attempts: 1 })

    assert.equal(await signatureMails.sweep(), 0)
    assert.lengthOf(await outbox.to(signature.email), 1)
  })

  test('the sweep leaves a fresh link to the process sending it, and gives up after five attempts', async ({
    assert,
  }) => {
    const fresh = await dueSignature(DateTime.utc())
    const givenUp = await dueSignature(DateTime.utc().minus({ hours: 1 }), 5)

    assert.equal(await signatureMails.sweep(), 0)
    assert.lengthOf(await outbox.read(), 0)
    assert.equal((await dueColumns(fresh.signature.id)).attempts, 0)
    assert.isNotNull((await dueColumns(givenUp.signature.id)).due)
  })

  test('a signature confirmed while its link was due gets the notice that it is confirmed, not the link', async ({
    assert,
  }) => {
    const { signature } = await dueSignature(DateTime.utc().minus({ minutes: 1 }))
    await db.from('signatures').where('id', signature.id).update({ confirmed_at: new Date() })

    await signatureMails.deliver([signature.id])
    const mails = await outbox.read()
    assert.lengthOf(mails, 1)
    assert.match(mails[0].subject, /^Your signature is confirmed/)
    assert.notInclude(mails[0].html, '/confirm')
    assert.include(mails[0].html, `/signature/${signature.id}/withdraw`)
    assert.isNull((await dueColumns(signature.id)).due)
  })

  test('a mail server that cannot be reached stops the batch: its links stay due and go once it answers', async ({
    assert,
    cleanup,
  }) => {
    const signatures = await dueSignatures(3)
    const ids = signatures.map(({ id }) => id)
    const server = await mailServerAway(cleanup)

    await assert.rejects(() => signatureMails.deliver(ids), /the mail server cannot be reached/)
    for (const id of ids) assert.isNotNull((await dueColumns(id)).due)

    server.answersAgain()
    await signatureMails.deliver(ids)
    for (const signature of signatures) {
      assert.lengthOf(await outbox.to(signature.email), 1)
      assert.isNull((await dueColumns(signature.id)).due)
    }
  })

  test('the mail worker tries again every 2 s while the mail server is away, and not once it stops', async ({
    assert,
    cleanup,
  }) => {
    const [retried, left] = await dueSignatures(2)
    const server = await mailServerAway(cleanup)
    const worker = new SignatureMailer()

    await failsOnceThenWaits(worker, server, retried.id)
    const sent = await eventually(async () => (await outbox.to(retried.email)).length, 1, 4000)
    assert.equal(sent, 1)

    server.goesAway()
    worker.take([left.id])
    await pause(300)
    await worker.stop()
    server.answersAgain()
    await pause(2500)
    assert.lengthOf(await outbox.to(left.email), 0)
    assert.isNotNull((await dueColumns(left.id)).due)
  })

  test('the sweep leaves a link the process holds to its queue: behind a long queue it looks abandoned', async ({
    assert,
    cleanup,
  }) => {
    const { signature } = await dueSignature(DateTime.utc().minus({ minutes: 1 }))
    const server = await mailServerAway(cleanup)
    const worker = new SignatureMailer()
    // Its link waits in the worker's queue, due for a minute.
    await failsOnceThenWaits(worker, server, signature.id)

    assert.equal(await worker.sweep(), 0)
    assert.lengthOf(await outbox.to(signature.email), 0)
    const sent = await eventually(async () => (await outbox.to(signature.email)).length, 1, 4000)
    assert.equal(sent, 1)
    await worker.stop()
  })
})

/** Unconfirmed signatures of a new petition, their links due now. */
async function dueSignatures(count: number) {
  const petition = await PetitionFactory.apply('published').with('user').create()
  return SignatureFactory.apply('unconfirmed')
    .merge({ petitionId: petition.id, linkMailDueAt: DateTime.utc() })
    .createMany(count)
}

/**
 * Mails go to an SMTP server on a port nobody listens on (every connection
 * refused) until `answersAgain()` sends them to the outbox again.
 */
async function mailServerAway(cleanup: (handler: () => Promise<void>) => void) {
  const closed = createServer()
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
  const { port } = closed.address() as AddressInfo
  await new Promise((done) => closed.close(done))
  const config = (
    mailManager as unknown as { config: { default: string; mailers: Record<string, unknown> } }
  ).config
  const outboxMailer = config.default
  config.mailers.away = () => new SMTPTransport({ host: '127.0.0.1', port })
  config.default = 'away'
  cleanup(async () => {
    config.default = outboxMailer
    await mailManager.close('away' as any)
    delete config.mailers.away
  })
  return {
    answersAgain: () => (config.default = outboxMailer),
    goesAway: () => (config.default = 'away'),
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Hands `worker` a link while the mail server is away: its first try fails
 * and the link waits in the worker's queue for the next, 2 s later, by which
 * time the server answers again.
 */
async function failsOnceThenWaits(
  worker: SignatureMailer,
  server: Awaited<ReturnType<typeof mailServerAway>>,
  signatureId: number
) {
  worker.take([signatureId])
  await pause(300)
  server.answersAgain()
}

/** `read`'s value once it is `expected`, or its last within `ms`. */
async function eventually<T>(read: () => Promise<T>, expected: T, ms: number) {
  const deadline = Date.now() + ms
  let value = await read()
  while (value !== expected && Date.now() < deadline) {
    await pause(100)
    value = await read()
  }
  return value
}
