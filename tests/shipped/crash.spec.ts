import { getPriority } from 'node:os'
import { test } from '@japa/runner'
import { linkIn } from '#tests/shipped/support/mailbox'
import {
  createPetition,
  eventually,
  guestSignForm,
  verifiedMember,
} from '#tests/shipped/support/journeys'
import {
  crashAndRestart,
  processGone,
  serverProcesses,
  shippedApp,
  shippedDb,
  visitor,
} from '#tests/shipped/support/shipped_app'
import { auditLog, openDataAgainstLog } from '#tests/helpers/transparency_log'

const SIGNERS = ['ines@example.pt', 'tomas@example.es', 'lea@example.fr', 'marek@example.pl']

test.group('Shipped: a crash', () => {
  test('counts are exact after the server is killed right after confirmations, with no command run', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const owner = await verifiedMember('olga@example.org')
    const { guid, slug } = await createPetition(owner)
    const countsNow = async () => {
      const { page } = await visitor().open(`/petition/${slug}`)
      return page?.props.petition.totalSignatures as number
    }
    const before = await countsNow()
    assert.equal(before, 0)

    // Each signer signs and opens the mailed link; the confirmations go last, together.
    const confirmations = []
    for (const email of SIGNERS) {
      const signer = visitor()
      await signer.open(`/petition/${slug}`)
      await signer.submit('POST', `/petition/${guid}/sign`, {
        json: guestSignForm(email),
      })
      const { page } = await signer.open(linkIn(await mailbox.waitFor(email), '/signature/'))
      confirmations.push({ signer, url: page?.props.confirmUrl as string })
    }
    await Promise.all(
      confirmations.map(({ signer, url }) => signer.submit('POST', url, { json: {} }))
    )

    await crashAndRestart(async () => {
      // The process died before its flush: the petition row lacks the confirmations,
      // which wait as recorded deltas (a counter kept in memory would have lost them).
      const petition = await shippedDb().from('petitions').where('slug', slug).firstOrFail()
      const [pending] = await shippedDb()
        .from('signature_count_deltas')
        .where('petition_id', petition.id)
        .sum('support as support')
      assert.isAbove(Number(pending.support), 0)
      assert.equal(
        Number(petition.support_count) + Number(petition.oppose_count) + Number(pending.support),
        before + SIGNERS.length
      )
    })

    // A worker flushes what it finds as it becomes ready, while it already listens: on a
    // busy machine the first page may come a moment before that flush.
    const after = await eventually(countsNow, (count) => count === before + SIGNERS.length)
    assert.equal(after, before + SIGNERS.length)
    const [left] = await shippedDb().from('signature_count_deltas').count('* as total')
    assert.equal(Number(left.total), 0)
    // The counts by country came back with the totals: every signer chose Brazil.
    const petition = await shippedDb().from('petitions').where('slug', slug).firstOrFail()
    const byCountry = await shippedDb()
      .from('petition_country_signatures')
      .where('petition_id', petition.id)
      .select('country', 'support')
    assert.deepEqual(
      byCountry.map((row) => [row.country, Number(row.support)]),
      [['BR', SIGNERS.length]]
    )
  })

  test('a worker killed while signatures come in is replaced, and every answered signature is stored with its mail', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const owner = await verifiedMember('pavlo@example.org')
    const { guid, slug } = await createPetition(owner)
    const { supervisor, workers } = serverProcesses()
    assert.lengthOf(workers, 2)

    const signers = Array.from({ length: 24 }, (_, index) => ({
      email: `crowd${index}@example.org`,
      visitor: visitor(),
    }))
    for (const signer of signers) await signer.visitor.open(`/petition/${slug}`)
    // The signatures go out together; one worker dies while they are being answered.
    const answers = await Promise.allSettled([
      ...signers.map(async ({ email, visitor: signer }) => {
        const { status } = await signer.send('POST', `/petition/${guid}/sign`, {
          inertia: true,
          body: {
            json: guestSignForm(email),
          },
        })
        return { email, status }
      }),
      new Promise<never>((_, reject) =>
        setTimeout(() => {
          process.kill(workers[0], 'SIGKILL')
          reject(new Error('the kill'))
        }, 5)
      ),
    ])
    const answered = answers.flatMap((answer) =>
      answer.status === 'fulfilled' ? [answer.value] : []
    )
    // An answer is never an error page: a request either got its redirect or no answer.
    assert.isTrue(answered.every(({ status }) => status === 303 || status === 302))
    assert.isAbove(answered.length, 0)

    // The supervisor (still the same process) put a new worker in the dead one's place.
    await processGone(workers[0], 10_000)
    const replaced = await eventually(
      async () => serverProcesses(),
      (now) => now.workers.length === 2 && !now.workers.includes(workers[0])
    )
    assert.equal(replaced.supervisor, supervisor)
    assert.include(replaced.workers, workers[1])

    // Every answered signature is stored and its link mailed: by the worker that stored it, or,
    // for those it held when it was killed, by a worker sweeping up links left due (after 30 s).
    const stored = await shippedDb()
      .from('signatures')
      .whereIn(
        'email',
        answered.map(({ email }) => email)
      )
      .select('email')
    assert.sameMembers(
      stored.map((row) => row.email),
      answered.map(({ email }) => email)
    )
    for (const { email } of answered) {
      const signer = signers.find((candidate) => candidate.email === email)!.visitor
      const mail = await mailbox.waitFor(email, undefined, 90_000)
      const { page } = await signer.open(linkIn(mail, '/signature/'))
      await signer.submit('POST', page?.props.confirmUrl as string, { json: {} })
    }
    const total = await eventually(
      async () =>
        (await visitor().open(`/petition/${slug}`)).page?.props.petition.totalSignatures as number,
      (count) => count === answered.length
    )
    assert.equal(total, answered.length)

    // The transparency log agrees: a signed head covers the counts, and the leaves add up to them.
    const read = async (path: string) => (await visitor().send('GET', path)).json()
    const audit = await eventually(
      async () => {
        const log = await auditLog(read).catch(() => null)
        return log ? { log, ...(await openDataAgainstLog(read, slug, log)) } : null
      },
      (checked) => checked !== null && checked.log.head.treeSize >= checked.treeSize,
      20_000
    )
    assert.isNotNull(audit)
    assert.deepEqual(audit!.logged, audit!.open)
    assert.equal(audit!.open.support, answered.length)
  })

  test('the mail worker killed while mails are due is replaced, and every mail arrives', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const owner = await verifiedMember('mira@example.org')
    const { guid, slug } = await createPetition(owner)
    const { supervisor, mailWorker, workers } = serverProcesses()
    assert.isNotNull(mailWorker, 'a mail worker runs beside the web workers')
    // In a surge the web workers get the cores first; the mails take what is left.
    assert.isAbove(getPriority(mailWorker!), getPriority(workers[0]))

    const emails = Array.from({ length: 20 }, (_, index) => `postbox${index}@example.org`)
    const signer = visitor()
    await signer.open(`/petition/${slug}`)
    const sign = (email: string) =>
      signer.send('POST', `/petition/${guid}/sign`, {
        inertia: true,
        body: { json: guestSignForm(email) },
      })
    // Half sign; the mail worker dies with their mails on the way; the rest sign while it is replaced.
    for (const email of emails.slice(0, 10)) await sign(email)
    process.kill(mailWorker!, 'SIGKILL')
    for (const email of emails.slice(10)) assert.oneOf((await sign(email)).status, [302, 303])

    await processGone(mailWorker!, 10_000)
    // The supervisor renices its new mail worker just after forking it: a poll can see it in between.
    const replaced = await eventually(
      async () => serverProcesses(),
      (now) =>
        now.mailWorker !== null &&
        now.mailWorker !== mailWorker &&
        getPriority(now.mailWorker) > getPriority(workers[0]),
      15_000
    )
    assert.equal(replaced.supervisor, supervisor)
    assert.isNotNull(replaced.mailWorker)
    assert.isAbove(getPriority(replaced.mailWorker!), getPriority(workers[0]))
    // Each mail arrives: handed to the new mail worker, or swept up as left due (after 30 s).
    for (const email of emails) await mailbox.waitFor(email, /signature/i, 90_000)
  })

  test('workers whose supervisor is killed exit by themselves, and the site starts again', async ({
    assert,
  }) => {
    const { workers } = serverProcesses()
    assert.lengthOf(workers, 2)
    // crashAndRestart waits for each worker to be gone before starting the site again.
    await crashAndRestart(async () => {}, { supervisorOnly: true })
    const { workers: now } = serverProcesses()
    assert.lengthOf(now, 2)
    assert.notIncludeMembers(now, workers)
    const { page } = await visitor().open('/')
    assert.equal(page?.component, 'Home/Main')
  })
})
