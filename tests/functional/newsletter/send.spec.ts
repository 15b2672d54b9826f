import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import NewsletterSubscription from '#models/newsletter_subscription'
import NewsletterSend from '../../../commands/newsletter_send.js'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { listUnsubscribeOf, oneClickUnsubscribe } from '#tests/helpers/one_click'
import { pathOf } from '#tests/helpers/signatures'
import SendMailJob from '#jobs/send_mail_job'
import NewsletterIssueMail from '#mails/newsletter_issue_mail'
import { readIssue, sendIssue } from '#services/mail/newsletter_issue'
import { issueText, renderIssueHtml } from '#support/mail_html'

let folder: string

/** Writes the files of an issue: `{ '': English, de: German, … }`. */
async function writeIssue(name: string, files: Record<string, string>) {
  for (const [locale, content] of Object.entries(files)) {
    await writeFile(join(folder, locale ? `${name}.${locale}.md` : `${name}.md`), content)
  }
  return join(folder, `${name}.md`)
}

async function subscriber(
  email: string,
  locale: string,
  state: 'confirmed' | 'unconfirmed' | 'unsubscribed' = 'confirmed'
) {
  return NewsletterSubscription.create({
    email,
    locale,
    confirmedAt: state === 'unconfirmed' ? null : DateTime.now().minus({ days: 3 }),
    unsubscribedAt: state === 'unsubscribed' ? DateTime.now().minus({ days: 1 }) : null,
  })
}

async function send(...args: string[]) {
  ace.ui.switchMode('raw')
  const command = await ace.create(NewsletterSend, args)
  await command.exec()
  return command
}

async function mailTo(address: string) {
  const mails = await outbox.to(address)
  if (mails.length !== 1) throw new Error(`${address} got ${mails.length} mails`)
  return mails[0]
}

test.group('Newsletter issues', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await outbox.clear()
    folder = await mkdtemp(join(tmpdir(), 'newsletter-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  test('only confirmed subscribers get the issue, each in their language', async ({ assert }) => {
    await subscriber('anna@example.com', 'en')
    await subscriber('bernd@example.com', 'de')
    await subscriber('claire@example.com', 'fr')
    await subscriber('dario@example.com', 'it', 'unconfirmed')
    await subscriber('eve@example.com', 'en', 'unsubscribed')
    const file = await writeIssue('2026-12', {
      '': 'Hello **readers**,\n\nthree petitions won this month.',
      'de': '# Neuigkeiten im Dezember\n\nHallo **Leserinnen und Leser**,\n\ndrei Petitionen waren erfolgreich.',
    })

    const command = await send('--subject=News of December', `--file=${file}`)
    command.assertSucceeded()
    command.assertLogMatches(/en: 1 \("News of December"\)/)
    command.assertLogMatches(/de: 1 \("Neuigkeiten im Dezember"\)/)
    command.assertLogMatches(/fr: 1 \(English text, "News of December"\)/)
    command.assertLogMatches(/it: 0/)
    command.assertLogMatches(/total: 3 queued for issue 2026-12/)

    assert.lengthOf(await outbox.read(), 3)
    assert.lengthOf(await outbox.to('dario@example.com'), 0)
    assert.lengthOf(await outbox.to('eve@example.com'), 0)

    const english = await mailTo('anna@example.com')
    assert.equal(english.subject, 'News of December')
    assert.include(english.html, '<strong>readers</strong>')
    assert.include(english.html, '<html lang="en">')
    assert.include(english.html, 'because you subscribed to it on Undersign')
    assert.include(english.text, 'Hello readers,')
    assert.include(english.text, 'Unsubscribe from the newsletter: http://undersign.test:3334/')
    assert.match(
      english.headers,
      /List-Unsubscribe:\s+<http:\/\/undersign\.test:3334\/subscription\/\d+\/unsubscribe\?/
    )

    const german = await mailTo('bernd@example.com')
    assert.equal(german.subject, 'Neuigkeiten im Dezember')
    assert.include(german.html, '<html lang="de">')
    assert.include(german.html, '<strong>Leserinnen und Leser</strong>')
    // The title line is the subject and heading, not a line of the body again.
    assert.equal(german.html!.split('Neuigkeiten im Dezember').length, 3)
    assert.include(german.html, 'Sie erhalten diesen Newsletter')
    assert.include(german.html, 'Newsletter abbestellen')
    assert.match(linkIn(german.html, '/unsubscribe'), /^http:\/\/de\.undersign\.test:3334\//)

    // No French file: the English issue, in English throughout, on the French site's link.
    const french = await mailTo('claire@example.com')
    assert.equal(french.subject, 'News of December')
    assert.include(french.html, '<html lang="en">')
    assert.include(french.html, 'three petitions won this month')
    assert.match(linkIn(french.html, '/unsubscribe'), /^http:\/\/fr\.undersign\.test:3334\//)
  })

  test('running the same issue again mails only those who did not have it', async ({ assert }) => {
    for (let n = 1; n <= 5; n++) await subscriber(`reader${n}@example.com`, n % 2 ? 'en' : 'es')
    const file = await writeIssue('2027-01', { '': 'January.', 'es': '# Enero\n\nEnero.' })

    // Pages of two: three pages, each queued as one batch.
    const first = await send('--subject=January', `--file=${file}`, '--batch-size=2')
    first.assertLogMatches(/en: 3 /)
    first.assertLogMatches(/es: 2 \("Enero"\)/)
    first.assertLogMatches(/total: 5 queued/)
    assert.lengthOf(await outbox.read(), 5)

    const second = await send('--subject=January', `--file=${file}`)
    second.assertSucceeded()
    second.assertLogMatches(/total: 0 queued/)
    assert.lengthOf(await outbox.read(), 5)

    // A subscriber who joined since gets it on the next run, and only they do.
    await subscriber('late@example.com', 'es')
    const third = await send('--subject=January', `--file=${file}`)
    third.assertLogMatches(/total: 1 queued/)
    assert.lengthOf(await outbox.read(), 6)
    assert.equal((await mailTo('late@example.com')).subject, 'Enero')

    // The issue is known by its id: the same file under another id is another issue.
    const other = await send('--subject=January', `--file=${file}`, '--issue=2027-01-bis')
    other.assertLogMatches(/total: 6 queued for issue 2027-01-bis/)
    const rows = await db.from('newsletter_deliveries').where('issue', '2027-01').count('* as n')
    assert.equal(Number(rows[0].n), 6)
  })

  test('a dry run counts per language and sends nothing', async ({ assert }) => {
    await subscriber('one@example.com', 'uk')
    await subscriber('two@example.com', 'uk')
    await subscriber('three@example.com', 'pt', 'unconfirmed')
    const file = await writeIssue('2027-02', { '': 'February.' })

    const dry = await send('--subject=February', `--file=${file}`, '--dry-run')
    dry.assertSucceeded()
    dry.assertLogMatches(/uk: 2 \(English text, "February"\)/)
    dry.assertLogMatches(/pt: 0/)
    dry.assertLogMatches(/total: 2 would get issue 2027-02 \(dry run: nothing sent\)/)
    assert.lengthOf(await outbox.read(), 0)
    assert.lengthOf(await db.from('newsletter_deliveries'), 0)

    const real = await send('--subject=February', `--file=${file}`)
    real.assertLogMatches(/total: 2 queued/)
    assert.lengthOf(await outbox.read(), 2)
  })

  test("each mail's unsubscribe link is its own: opening it changes nothing, its button unsubscribes", async ({
    client,
    assert,
  }) => {
    const leaver = await subscriber('leaver@example.com', 'es')
    const stayer = await subscriber('stayer@example.com', 'es')
    const file = await writeIssue('2027-03', { '': 'March.' })
    await send('--subject=March', `--file=${file}`)

    const link = pathOf(linkIn((await mailTo('leaver@example.com')).html, '/unsubscribe'))
    assert.include(link, `/subscription/${leaver.id}/unsubscribe?`)

    // The signature holds for this subscription only.
    const crossed = link.replace(`/subscription/${leaver.id}/`, `/subscription/${stayer.id}/`)
    const refused = await client
      .post(crossed)
      .header('host', 'es.undersign.test')
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(302)
    await stayer.refresh()
    assert.isNull(stayer.unsubscribedAt)

    // A mail scanner opening the link unsubscribes nobody.
    const page = await client.get(link).header('host', 'es.undersign.test').withInertia()
    page.assertInertiaComponent('Subscription/Confirm')
    assert.equal(page.inertiaProps.intent, 'unsubscribe')
    assert.equal(page.inertiaProps.actionUrl, link)
    await leaver.refresh()
    assert.isNull(leaver.unsubscribedAt)

    const left = await client
      .post(link)
      .header('host', 'es.undersign.test')
      .withCsrfToken()
      .redirects(0)
    left.assertStatus(302)
    await leaver.refresh()
    assert.isNotNull(leaver.unsubscribedAt)

    // The next issue does not reach them.
    await outbox.clear()
    const next = await send(
      '--subject=April',
      `--file=${await writeIssue('2027-04', { '': 'April.' })}`
    )
    next.assertLogMatches(/total: 1 queued/)
    assert.lengthOf(await outbox.to('leaver@example.com'), 0)
    assert.lengthOf(await outbox.to('stayer@example.com'), 1)
  })

  test("a mail client's one-click unsubscribe ends the subscription, with no cookie or token; a crossed link does not", async ({
    client,
    assert,
  }) => {
    const leaver = await subscriber('leaver@example.com', 'fr')
    const stayer = await subscriber('stayer@example.com', 'fr')
    await send('--subject=March', `--file=${await writeIssue('2027-03', { '': 'March.' })}`)
    const mail = await mailTo('leaver@example.com')
    const header = listUnsubscribeOf(mail.headers)
    assert.isTrue(header.oneClick)
    const link = pathOf(header.link)
    assert.include(link, `/subscription/${leaver.id}/unsubscribe?`)

    const crossed = link.replace(`/subscription/${leaver.id}/`, `/subscription/${stayer.id}/`)
    const refused = await oneClickUnsubscribe(client, crossed, {
      host: 'fr.undersign.test',
      multipart: true,
    })
    refused.assertStatus(400)
    assert.include(refused.text(), 'Ce lien est invalide')
    await stayer.refresh()
    assert.isNull(stayer.unsubscribedAt)

    // The confirmation link takes no one-click POST: it stays a form with a token.
    const confirmLink = link.replace('/unsubscribe?', '/confirm?')
    const confirm = await oneClickUnsubscribe(client, confirmLink)
    confirm.assertStatus(419)

    const left = await oneClickUnsubscribe(client, link, { host: 'fr.undersign.test' })
    left.assertStatus(200)
    assert.include(left.text(), 'Votre désabonnement')
    await leaver.refresh()
    assert.isNotNull(leaver.unsubscribedAt)
    await stayer.refresh()
    assert.isNull(stayer.unsubscribedAt)
  })

  test('a page the queue refuses is given back for the next run', async ({ assert }) => {
    await subscriber('later@example.com', 'en')
    const issue = await readIssue(await writeIssue('2027-08', { '': 'August.' }), {
      subject: 'August',
    })
    const job = SendMailJob as unknown as Record<string, unknown>
    job.dispatchMany = async () => {
      throw new Error('queue down')
    }
    try {
      await assert.rejects(() => sendIssue(issue), 'queue down')
    } finally {
      delete job.dispatchMany
    }
    assert.lengthOf(await db.from('newsletter_deliveries'), 0)
    assert.lengthOf(await outbox.read(), 0)

    const counts = await sendIssue(issue)
    assert.equal(counts.get('en'), 1)
    assert.lengthOf(await outbox.to('later@example.com'), 1)
  })

  test('a subscriber another run took meanwhile is left to it, the rest of the page is sent', async ({
    assert,
  }) => {
    const first = await subscriber('first@example.com', 'en')
    const taken = await subscriber('taken@example.com', 'en')
    const issue = await readIssue(await writeIssue('2027-09', { '': 'September.' }), {
      subject: 'September',
    })
    // Another run claims one subscriber of the page while this one builds its mails.
    const mail = NewsletterIssueMail.prototype as unknown as Record<string, unknown>
    const build = NewsletterIssueMail.prototype.build
    let raced = false
    mail.build = async function (this: NewsletterIssueMail) {
      if (!raced) {
        raced = true
        await db.table('newsletter_deliveries').insert({
          subscription_id: taken.id,
          issue: issue.id,
          created_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
        })
      }
      return build.call(this)
    }
    try {
      const counts = await sendIssue(issue)
      assert.equal(counts.get('en'), 1)
    } finally {
      delete mail.build
    }
    assert.lengthOf(await outbox.to('first@example.com'), 1)
    assert.lengthOf(await outbox.to('taken@example.com'), 0)
    const rows = await db
      .from('newsletter_deliveries')
      .where('issue', issue.id)
      .orderBy('subscription_id')
    assert.deepEqual(
      rows.map((row) => row.subscription_id),
      [first.id, taken.id]
    )
  })

  test('scripts, event handlers and javascript: links in the Markdown are removed', async ({
    assert,
  }) => {
    await subscriber('target@example.com', 'en')
    const file = await writeIssue('2027-05', {
      '': [
        'Read [our report](https://example.org/report) and [this](javascript:alert(1)).',
        '',
        '<script>alert("x")</script>',
        '',
        '<a href="javascript:alert(2)" onclick="alert(3)">click</a> <img src="x" onerror="alert(4)">',
        '',
        '<p style="position:fixed" onmouseover="alert(5)">Styled</p>',
        '',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n'),
    })
    await send('--subject=May', `--file=${file}`)
    const { html, text } = await mailTo('target@example.com')
    for (const forbidden of [
      '<script',
      'alert(',
      'javascript:',
      'onerror',
      'onclick',
      '<iframe',
      'position:fixed',
      'evil.example',
    ]) {
      assert.notInclude(html!.toLowerCase(), forbidden.toLowerCase())
      assert.notInclude(text!.toLowerCase(), forbidden.toLowerCase())
    }
    assert.include(html, 'href="https://example.org/report"')
    assert.include(text, 'our report (https://example.org/report)')
    assert.include(html, 'Styled')
  })

  test('the plain-text version keeps blocks, list items and link addresses', ({ assert }) => {
    const html = renderIssueHtml(
      '# Wins\n\n- one\n- two\n\n1. first\n2. second\n\nSee <https://example.org> or [the list](https://example.org/list).'
    )
    // A first-level heading in the body is a second-level one in the mail, styled inline.
    assert.include(html, '<h2 style="font-size:18px;margin:24px 0 12px;">Wins</h2>')
    assert.equal(
      issueText(html),
      'Wins\n\n- one\n- two\n\n1. first\n2. second\n\nSee https://example.org or the list (https://example.org/list).'
    )
  })

  test('a missing file, a missing subject or a bad issue id stops before sending', async ({
    assert,
  }) => {
    await subscriber('reader@example.com', 'en')
    const missing = await send('--subject=Nothing', `--file=${join(folder, 'nope.md')}`)
    missing.assertFailed()
    missing.assertLogMatches(/nope\.md not found/)

    const untitled = await send(`--file=${await writeIssue('2027-06', { '': 'No title.' })}`)
    untitled.assertFailed()
    untitled.assertLogMatches(/no subject/)

    const badId = await send('--subject=x', `--file=${join(folder, '2027-06.md')}`, '--issue=a/b')
    badId.assertFailed()

    // A title line is the English subject when --subject is not given.
    const titled = await send(`--file=${await writeIssue('2027-07', { '': '# July\n\nJuly.' })}`)
    titled.assertSucceeded()
    assert.equal((await mailTo('reader@example.com')).subject, 'July')
  })
})
