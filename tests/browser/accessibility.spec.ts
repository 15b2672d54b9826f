import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { browserJourneys, launchBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { letterTo } from '#tests/helpers/decision_makers'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { confirmationUrl, withdrawUrl } from '#support/signature_links'
import { subscribeToNewsletter } from '#services/mail/newsletter'
import { stopUpdatesUrl } from '#services/petitions/signer_news'
import { requestPasswordReset } from '#services/accounts/password_reset'
import { confirmEmailChange, requestEmailChange } from '#services/accounts/email_change'
import { sendVerificationMail } from '#services/accounts/registration'
import { mailDeletionLink } from '#services/accounts/deletion'
import { recountSignatures } from '#services/signatures/recount'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import PetitionMedia from '#models/petition_media'
import PetitionResponse from '#models/petition_response'
import PaperSignatureBatch from '#models/paper_signature_batch'
import RecipientDelivery from '#models/recipient_delivery'
import DecisionMakerAddress from '#models/decision_maker_address'
import { answerUrl, stopUrl } from '#services/decision_makers/links'
import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import PetitionVersion from '#models/petition_version'
import { ROLE_MODERATOR } from '#models/user'
import BlockedEmailDomain from '#models/blocked_email_domain'
import BlockedNetwork from '#models/blocked_network'
import DisposableDomainExemption from '#models/disposable_domain_exemption'
import { networkHash } from '#support/signer_traces'
import { moderatePetition } from '#services/moderation/petition_actions'
import { detectUnusualSigning } from '#services/fraud/unusual_signing'
import { signBurst } from '#tests/helpers/signing_trends'
import { invalidateSignatures } from '#services/fraud/invalidation'
import type { Locale } from '#app/i18n/locales'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** The two links of a decision maker's mail about the petition: answer it, stop its mails. */
async function decisionMakerLinks(petition: Petition, locale: Locale) {
  const {
    recipients: [recipient],
  } = await letterTo(
    petition.id,
    'Please act.',
    [{ name: 'Ana Ministra', payload: 'Minister', email: `minister-${locale}@gov.example` }],
    9
  )
  const delivery = await RecipientDelivery.create({
    petitionId: petition.id,
    letterRecipientId: recipient.id,
    milestone: 100,
    deliveredAt: DateTime.utc(),
    sentAt: DateTime.utc(),
  })
  return { answer: answerUrl(delivery, locale), stopRecipientMails: stopUrl(delivery, locale) }
}
/**
 * Each language at a wide screen and a phone's, and French at a phone's
 * too: its sentences run longest, so a badge or a label that cannot wrap
 * shows there first.
 */
const SCREENS: { locale: Locale; width: number }[] = [
  { locale: 'en', width: 1280 },
  { locale: 'en', width: 375 },
  { locale: 'uk', width: 1280 },
  { locale: 'uk', width: 375 },
  { locale: 'fr', width: 375 },
]

/**
 * A petition that shows every part of its page: description, a photo, a
 * video, a letter, an update, custom fields and signatures (some with a
 * comment, one against); 60 signatures make its owner's list paginate. Ten
 * more petitions, one of them successful, fill the home page and paginate
 * the petition list.
 */
async function petitionWithEverything() {
  const petition = await PetitionFactory.apply('published', 'withOpposition', 'withEverySection')
    .merge({
      title: 'Save the Shevchenko park',
      allowComments: true,
      // The sign form, the settings and the owner's table show the postal code too.
      askPostalCode: true,
      targetSignatures: 100,
    })
    .with('user')
    // Dated today, as the factory dates an update.
    .with('updates', 1, (update) =>
      update.merge({ title: 'Signatures delivered', description: 'We met the council today.' })
    )
    .create()
  const owner = petition.user
  await PetitionMedia.create({
    petitionId: petition.id,
    petitionGuid: petition.guid,
    userId: owner.id,
    type: 'photo',
    driver: 'local',
    url: '/banner-templates/city.jpg',
    position: 0,
  })
  await insertSignatureRows(petition.id, 60, { comment: 'The park is our green heart.' })
  await SignatureFactory.apply('opposing')
    .merge({ petitionId: petition.id, firstName: 'Taras', country: 'UA', postalCode: '04070' })
    .create()
  await recountSignatures(petition.id)
  // An official answer, its badge naming a long domain: the moment the page is shared most.
  await PetitionResponse.create({
    petitionId: petition.id,
    responder: 'Department of Parks and Urban Greenery',
    responderRole: 'Head of the department',
    letterRecipientId: null,
    fromRecipient: true,
    viaDomain: 'departmentofparksandurbangreeneryofthecity.example',
    respondedOn: DateTime.utc(),
    body: '<p>The park stays as it is.</p>',
    addedByUserId: null,
  })
  // An earlier text that moderators redacted: its notice stands in its place.
  await PetitionVersion.create({
    petitionId: petition.id,
    userId: owner.id,
    title: '',
    target: '',
    description: '',
    letters: [],
    substantive: true,
    redactedAt: DateTime.utc(),
    redactionReason: 'Personal data of a neighbour',
  })
  // An earlier text: the page says it was edited, its history and its
  // moderation page show the words removed and added.
  await PetitionVersion.create({
    petitionId: petition.id,
    userId: owner.id,
    title: 'Save the park',
    target: petition.target,
    description: '<p>An older text about the park and its trees.</p>',
    letters: [],
    substantive: true,
  })

  for (let index = 1; index <= 10; index++) {
    const other = await PetitionFactory.apply('published')
      .merge({ title: `Another cause number ${index}`, targetSignatures: 100, userId: owner.id })
      .create()
    if (index === 1) {
      await insertSignatureRows(other.id, 100, { from: 1000 })
      await recountSignatures(other.id)
    }
    // My signatures shows each kind: waiting, anonymous, confirmed.
    await SignatureFactory.merge({
      petitionId: other.id,
      userId: owner.id,
      email: owner.email,
      private: index % 3 === 0,
      ...(index % 2 ? { confirmedAt: null } : {}),
    }).create()
  }
  return { petition, owner }
}

test.group('Browser: accessibility', (group) => {
  browserJourneys(group)

  // One test per language and width: each visits some 22 pages, well inside its time limit.
  test(
    'every page has no serious WCAG 2.2 AA violation and fits the screen, for guests, members and moderators, in {locale} at {width} px'
  )
    .with(SCREENS)
    .timeout(180_000)
    .run(async ({ assert }, { locale, width }) => {
      const { petition, owner } = await petitionWithEverything()
      // The list shows the visitor's language: these petitions are in this one.
      await Petition.query().update({ lang: locale })
      const unconfirmed = await SignatureFactory.apply('unconfirmed')
        .merge({
          petitionId: petition.id,
          email: 'unconfirmed@example.org',
          confirmationToken: 'a11y-token',
        })
        .create()

      // The mailed links, in this language.
      await outbox.clear()
      await subscribeToNewsletter(`reader-${locale}@example.org`, locale)
      await requestPasswordReset(owner.email, locale)
      const [newsletterMail] = await outbox.to(`reader-${locale}@example.org`)
      const [resetMail] = await outbox.to(owner.email)
      // The owner's account settings then show a pending move too.
      const movedTo = `moved-${locale}@example.org`
      await requestEmailChange(owner, { email: movedTo, currentPassword: PASSWORD }, locale)
      await mailDeletionLink(owner, locale)
      const [moveMail] = await outbox.to(movedTo)
      const deletionMail = (await outbox.to(owner.email)).find((sent) =>
        sent.html?.includes('/delete?')
      )!
      // A verification link, and the undo link of a move another member made.
      const newcomer = await makeMember({ email: `newcomer-${locale}@example.org`, role: 0 })
      await sendVerificationMail(newcomer, locale)
      const [verifyMail] = await outbox.to(newcomer.email)
      const mover = await makeMember({ email: `mover-${locale}@example.org` })
      const moverNew = `mover-new-${locale}@example.org`
      await requestEmailChange(mover, { email: moverNew, currentPassword: PASSWORD }, locale)
      await confirmEmailChange(mover, locale)
      const movedMail = (await outbox.to(mover.email)).find((sent) =>
        sent.html?.includes('/email/undo')
      )!
      // The moderators' pages, with a report, an action and a trail to show.
      const moderator = await makeMember({ role: ROLE_MODERATOR, locale })
      await PetitionReport.create({
        petitionId: petition.id,
        reporterKey: 'guest:a11y',
        reason: 'misleading',
        note: 'The numbers are wrong.',
        locale,
      })
      await moderatePetition(moderator, petition.id, 'dismiss', 'The numbers are right')
      // Then a burst from one network: its trends, and its alert in the queue (stored
      // before the stopped signature below, which the owner's first page must show).
      await signBurst(petition, 55, { network: 'a11y-burst-network-00', unconfirmed: true })
      await detectUnusualSigning()
      // A burst from one network, invalidated: listed on the moderation page, counted in public.
      const botNetwork = networkHash('203.0.113.9')!
      await SignatureFactory.merge({ petitionId: petition.id, networkHash: botNetwork }).createMany(
        3
      )
      await recountSignatures(petition.id)
      await invalidateSignatures(
        moderator,
        petition,
        {
          network: botNetwork,
          domain: null,
          from: null,
          to: null,
          unconfirmed: false,
          upToId: null,
        },
        'A burst from one network'
      )
      await SignatureFactory.merge({ petitionId: petition.id, networkHash: botNetwork }).create()
      // The rules: a blocked domain and network, a paused petition with a stopped signature
      // (on the owner's table too), and the kept list's answer.
      await BlockedEmailDomain.create({
        domain: 'fake-signers.test',
        reason: 'A wave',
        createdBy: moderator.id,
      })
      await DisposableDomainExemption.create({
        domain: 'mailinator.com',
        reason: 'A school gives its pupils addresses there',
        createdBy: moderator.id,
      })
      await BlockedNetwork.create({
        networkHash: networkHash('203.0.113.9')!,
        reason: 'A burst',
        expiresAt: DateTime.utc().plus({ hours: 24 }),
        createdBy: moderator.id,
      })
      await petition.merge({ signingPausedAt: DateTime.utc(), signingPausedUntil: null }).save()
      await SignatureFactory.merge({
        petitionId: petition.id,
        email: 'stopped@example.org',
        active: false,
        blockedRule: 'signing_pause',
      }).create()
      // Paper signatures waiting for a moderator: the queue's "paper to verify" badge.
      await PaperSignatureBatch.create({
        petitionId: petition.id,
        recordedBy: owner.id,
        signatures: 40,
        place: 'Saturday market',
        collectedOn: DateTime.utc().minus({ days: 2 }),
        status: 'pending',
      })
      // The directory of decision makers' addresses holds one already approved.
      await DecisionMakerAddress.create({
        email: `mayor-${locale}@city.example`,
        status: 'approved',
        name: 'Rui Presidente',
        decidedAt: DateTime.utc(),
      })
      // Its page tells how many a rule stopped.
      await recountSignatures(petition.id)
      const mailed = {
        verify: linkIn(verifyMail.html, '/auth/email/verify/'),
        undoMove: linkIn(movedMail.html, '/email/undo'),
        confirmSignature: confirmationUrl(unconfirmed, locale),
        withdrawSignature: withdrawUrl(unconfirmed, locale),
        stopUpdates: stopUpdatesUrl(unconfirmed, locale),
        newsletter: linkIn(newsletterMail.html, '/confirm'),
        reset: linkIn(resetMail.html, '/auth/password/reset/'),
        emailChange: linkIn(moveMail.html, '/email/confirm'),
        deletion: linkIn(deletionMail.html, '/delete'),
        ...(await decisionMakerLinks(petition, locale)),
      }

      // Each page, with what must be on it so that its parts are checked too.
      const showPage = `/petition/${petition.slug}`
      const mustShow: Record<string, string[]> = {
        '/': ['[data-testid="petition-card"] .progress'],
        // On phones the selects fold behind the "Filters" button: the search box shows.
        '/petitions': ['.pagination', 'form[role="search"] input[type="search"]'],
        // A topic's page, with its feed's link and the cards' topics.
        '/petitions?topic=environment': ['[data-testid="feed-link"]', 'ul[aria-label] a'],
        '/petitions?q=nothing+like+this&status=open': ['[data-testid="no-match"] a'],
        [showPage]: [
          // The header's bar on phones, the sign box's on wide screens.
          '.progress >> visible=true',
          '.petition-photo-thumb',
          'iframe',
          '[data-testid="share-widget"]',
          '[data-testid="moderator-removals"]',
          '[data-testid="not-counted-stoppedByRules"]',
        ],
        [`/petition/${petition.guid}/signatures`]: [
          '.pagination',
          '[data-testid="signature-removed-by-moderators"]',
        ],
        '/petition/create': ['.ProseMirror'],
        // The decision maker's answer form, with its editor loaded.
        [mailed.answer]: ['[data-testid="answer-form"] .ProseMirror'],
        '/my/signatures': ['[data-testid="my-signature"] [data-testid="resend-link"]'],
        '/my/account': ['[data-testid="pending-email"]', '[data-testid="deletion-form"]'],
        '/moderation': [
          '[data-testid="queued-petition"] [data-testid="hide-petition"]',
          '[data-testid="queued-petition"] [data-testid="signing-alert"]',
        ],
        [`/moderation/petitions/${petition.id}`]: [
          '[data-testid="reports"]',
          '[data-testid="trail-entry"]',
          '[data-testid="country-shares"]',
          '[data-testid="signing-alert"]',
          '[data-testid="trend-networks"]',
          '[data-testid="trend-domains"]',
          '[data-testid="invalidation-row"] [data-testid="invalidation-undo"]',
        ],
        // The bulk invalidation's count, with its confirmation; and its error.
        [`/moderation/petitions/${petition.id}?network=${botNetwork}`]: [
          '[data-testid="invalidation-result"]',
          '[data-testid="invalidation-confirm"] textarea',
        ],
        [`/moderation/petitions/${petition.id}?count=1`]: ['[data-error-for="criteria"]'],
        '/moderation/log': ['[data-testid="log-entry"] a', '[data-testid="log-filters"] select'],
        '/moderation/rules?check=mailinator.com': [
          '[data-testid="blocked-domain"]',
          '[data-testid="blocked-network"]',
          '[data-testid="exempted-domain"]',
          '[data-testid="check-answer"]',
        ],
        // An address waiting for approval (the letter's), and one of the directory.
        '/moderation/decision-makers': [
          '[data-testid="pending-recipient"] [data-testid="approve-address"]',
          '[data-testid="directory-entry"] [data-testid="refuse-address"]',
        ],
        [`/petition/${petition.guid}/edit`]: ['[data-testid="address-review"]'],
      }
      // The widget other sites frame is a page of its own, without the app.
      const widget = `/petition/${petition.slug}/embed`
      const posterPage = `/petition/${petition.slug}/poster`
      const historyPage = `/petition/${petition.slug}/history`
      mustShow[historyPage] = [
        '[data-testid="version"] ins',
        '[data-testid="version"] del',
        '[data-testid="version-redacted"]',
      ]
      mustShow[`/moderation/petitions/${petition.id}`].push(
        '[data-testid="restore-version"]',
        '[data-testid="redact-version"]',
        '[data-testid="version-redacted"]',
        '[data-testid="resume-signing"]',
        '[data-testid="stopped-by-rules"]'
      )
      mustShow[`/petition/${petition.guid}/signatures`].push('[data-testid="signature-stopped"]')
      mustShow[posterPage] = ['[data-testid="poster"] img']
      const shared = [
        '/',
        '/petitions',
        '/petitions?q=nothing+like+this&status=open',
        '/petitions?topic=environment',
        showPage,
        historyPage,
        '/contacts',
        '/faq',
      ]
      const more = ['/privacy-policy', '/no-such-page']
      const guestPages = () => [
        ...shared,
        ...more,
        // The same for members (the widget) or nearly (the poster's menu): guests see them.
        posterPage,
        widget,
        '/login',
        '/signup',
        '/auth/password/reset',
        mailed.reset,
        mailed.confirmSignature,
        mailed.withdrawSignature,
        mailed.stopUpdates,
        mailed.newsletter,
        mailed.emailChange,
        mailed.deletion,
        mailed.verify,
        mailed.undoMove,
        mailed.answer,
        mailed.stopRecipientMails,
      ]
      const memberPages = () => [
        ...shared,
        ...more,
        '/petition/create',
        `/petition/${petition.guid}/edit`,
        `/petition/${petition.guid}/signatures`,
        `/petition/${petition.guid}/webhooks`,
        '/my/petitions',
        '/my/signatures',
        '/my/account',
      ]

      const moderatorPages = () => [
        '/moderation',
        `/moderation/petitions/${petition.id}`,
        `/moderation/petitions/${petition.id}?network=${botNetwork}`,
        `/moderation/petitions/${petition.id}?count=1`,
        '/moderation/log',
        '/moderation/rules?check=mailinator.com',
        '/moderation/decision-makers',
      ]

      const browser = await launchBrowser()
      const problems: string[] = []
      let checked = 0
      /** One browser context per visitor, reused for all of its pages. */
      const checkAll = async (who: 'guest' | 'member' | 'moderator') => {
        // The widget's policy allows no script at all: axe is let in regardless.
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          bypassCSP: true,
        })
        const page = await context.newPage()
        try {
          if (who !== 'guest') {
            await visit(page, siteUrl('/login', locale))
            const login = page.getByTestId('login-form')
            await login
              .locator('[name="email"]')
              .fill(who === 'member' ? owner.email : moderator.email)
            await login.locator('[name="password"]').fill(PASSWORD)
            await Promise.all([
              page.waitForURL(/\/my\/petitions$/),
              login.getByRole('button').click(),
            ])
          }
          const pages = { guest: guestPages, member: memberPages, moderator: moderatorPages }[who]()
          for (const path of pages) {
            const url = path.startsWith('http') ? path : siteUrl(path, locale)
            if (path === widget) await page.goto(url)
            else await visit(page, url)
            for (const part of mustShow[path] ?? []) await page.locator(part).first().waitFor()
            const where = `${new URL(page.url()).pathname} (${who}, ${locale}, ${width}px)`
            problems.push(...describeViolations(where, await seriousViolations(page)))
            // Nothing wider than the screen: a wider page cuts off its right edge on a phone.
            const pageWidth = await page.evaluate<number>(`document.documentElement.scrollWidth`)
            if (pageWidth > width) problems.push(`${where}: ${pageWidth} px wide`)
            // French keeps a no-break space before : ; ! ? — text the code puts together too.
            if (locale === 'fr') {
              const text = await page.evaluate<string>('document.body.innerText')
              for (const [match] of text.matchAll(
                /\S{0,20}[^\s\u00a0\u202f][:;!?](?=\s|$).{0,20}/g
              )) {
                problems.push(`${where}: no no-break space in "${match}"`)
              }
            }
            checked++
          }
        } finally {
          await context.close()
        }
      }
      // The guest, the member and the moderator browse side by side: the browser waits on the server half the time.
      await Promise.all([checkAll('guest'), checkAll('member'), checkAll('moderator')])
      assert.isAbove(checked, 20)
      assert.deepEqual(problems, [], problems.join('\n'))
    })
})
