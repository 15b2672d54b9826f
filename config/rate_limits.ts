import env from '#start/env'
import { openFilesLimit } from '#support/open_files'

/**
 * Every rate limit of the site, in one place. RATE_LIMIT_FACTOR multiplies
 * them all (2 doubles every allowance); 0 turns them off, for benchmarks.
 */
export const rateLimitFactor = env.get('RATE_LIMIT_FACTOR', 1)

export const rateLimits = {
  contact: { requests: 5, every: '1 hour', blockFor: '1 hour' },
  subscription: { requests: 10, every: '1 hour', blockFor: '1 hour' },
  // Every login attempt from one address: a flood guard (each one costs a password hash).
  login: { requests: 60, every: '15 minutes', blockFor: '15 minutes' },
  // A member's passes to another language's site: a switch each, many more than anyone makes.
  languageHandOver: { requests: 60, every: '1 hour', blockFor: '15 minutes' },
  // Identity checks started from one address: each asks a provider and writes a row.
  identityCheck: { requests: 30, every: '1 hour', blockFor: '15 minutes' },
  // Failed logins from one address, and on one account from one address:
  // past either, that address waits. On one account from anywhere: past it,
  // the account is not locked (its owner would be locked out with it), every
  // login to it must pass the bot check for `blockFor`.
  loginFailuresPerIp: { requests: 20, every: '15 minutes', blockFor: '15 minutes' },
  loginFailuresPerAccountAndIp: { requests: 5, every: '15 minutes', blockFor: '15 minutes' },
  loginFailuresBeforeBotCheck: { requests: 10, every: '15 minutes', blockFor: '15 minutes' },
  // Every sign-up form sent from one address, refused ones included: only a
  // flood guard, roomy enough for a class or a café with its typos.
  signup: { requests: 100, every: '1 hour', blockFor: '1 hour' },
  // Accounts made from one address: counted only for a form that passed its
  // checks, so a typo or a refused password costs nothing; a school or café
  // behind one address makes its accounts, a script is stopped.
  signupAccounts: { requests: 30, every: '1 hour', blockFor: '1 hour' },
  passwordResetRequest: { requests: 5, every: '1 hour', blockFor: '1 hour' },
  passwordReset: { requests: 10, every: '1 hour', blockFor: '1 hour' },
  verificationResend: { requests: 3, every: '1 hour', blockFor: '1 hour' },
  avatarUpload: { requests: 20, every: '1 hour', blockFor: '1 hour' },
  // Banner, photos and editor images of a member's petitions: room for a
  // long petition written in one sitting, none for filling the disk.
  mediaUpload: { requests: 60, every: '1 hour', blockFor: '1 hour' },
  // A million-signature export reads the whole petition: a member's exports per hour.
  signaturesExport: { requests: 20, every: '1 hour', blockFor: '1 hour' },
  // Signature sheets and delivery packages, per member: a package with its list
  // reads every signer, as an export does; a sheet is one page.
  signatureSheets: { requests: 60, every: '1 hour', blockFor: '1 hour' },
  deliveryPackages: { requests: 20, every: '1 hour', blockFor: '1 hour' },
  // A member's account settings, per account. Each change of password or
  // e-mail and each deletion checks the current password: a stolen session
  // cannot guess it. E-mail changes mail a link to an address of the
  // member's choice. An export reads everything the member ever wrote.
  accountPassword: { requests: 10, every: '1 hour', blockFor: '1 hour' },
  accountEmail: { requests: 5, every: '1 hour', blockFor: '1 hour' },
  accountDeletion: { requests: 5, every: '1 hour', blockFor: '1 hour' },
  accountExport: { requests: 5, every: '1 hour', blockFor: '1 hour' },
  // API tokens made and revoked, per member: room to make every token a
  // member may hold and revoke them all within the hour.
  accountApiTokens: { requests: 60, every: '1 hour', blockFor: '1 hour' },
  // Signing from one address (a household or an office shares one), and
  // attempts on one normalised e-mail, whatever the address they come from.
  sign: { requests: 30, every: '1 hour', blockFor: '1 hour' },
  // Reports of petitions, from one address and from one member wherever they are.
  reportsPerIp: { requests: 10, every: '1 hour', blockFor: '1 hour' },
  reportsPerMember: { requests: 10, every: '1 hour', blockFor: '1 hour' },
  // An owner's requests to review the petitions the moderators hid (each once until answered).
  reviewRequests: { requests: 5, every: '1 day', blockFor: '1 day' },
  // Decision makers' answers and stops through their mailed links, per address.
  decisionMakerLinks: { requests: 20, every: '1 hour', blockFor: '1 hour' },
  signPerEmail: { requests: 5, every: '1 hour', blockFor: '1 hour' },
  // Signs recorded through one API token (a CRM sends all its signers from
  // one address, so the per-address allowance counts the token instead):
  // each still mails its signer a link, within the per-e-mail allowance.
  signPerToken: { requests: 300, every: '1 hour', blockFor: '1 hour' },
  // Mails to one normalised address, whoever asks for them, so that the site
  // cannot be used to flood a mailbox: all mails together, and the kinds
  // anyone can ask for on someone else's behalf.
  mailsPerRecipient: { requests: 10, every: '1 hour', blockFor: '1 hour' },
  newsletterConfirmationMails: { requests: 3, every: '1 hour', blockFor: '1 hour' },
  passwordResetMails: { requests: 3, every: '1 hour', blockFor: '1 hour' },
  verificationMails: { requests: 3, every: '1 hour', blockFor: '1 hour' },
  emailChangeMails: { requests: 3, every: '1 hour', blockFor: '1 hour' },
  // Links re-sent to one address on one petition, after the first: signing
  // again re-sends the link (three mails a day in all), but never floods a
  // mailbox that someone else typed in.
  signConfirmationResends: { requests: 2, every: '1 day', blockFor: '1 day' },
  // Open data, per address: enough to read every listed petition page by
  // page in minutes, not enough to stand in for the site's own pages.
  openData: { requests: 300, every: '1 minute', blockFor: '1 minute' },
  // The transparency log, per address: an auditor reads a large log in
  // pages of a thousand leaves, with its proofs.
  transparencyLog: { requests: 1200, every: '1 minute', blockFor: '1 minute' },
  // Webhook test events and "send again", per member (a token's or a session's): each one is
  // a request to the owner's endpoint; room to set one up and debug it, none to flood it.
  webhookSends: { requests: 60, every: '1 hour', blockFor: '15 minutes' },
  // A member's API token, per token: a CRM syncing a large petition page by
  // page, or recording signers one by one, stays well inside it.
  apiToken: { requests: 600, every: '1 minute', blockFor: '1 minute' },
  // Live counts: each petition page a browser opens starts one stream (and
  // reconnects after a network change), so a shared address opens many; a
  // script opening thousands to hold the workers' sockets is stopped.
  liveUpdates: { requests: 300, every: '1 minute', blockFor: '5 minutes' },
} as const

/**
 * Live-count streams one address (an IPv6 address's whole /64) may hold open
 * at once, across every worker (LIVE_STREAMS_PER_ADDRESS). A cap on sockets
 * held, not on requests made: RATE_LIMIT_FACTOR leaves it alone.
 */
export const liveStreamsPerAddress = env.get('LIVE_STREAMS_PER_ADDRESS') ?? 20

/** Descriptors a worker keeps for everything but streams: database, Redis, requests, files. */
const DESCRIPTORS_KEPT = 2048

/**
 * Live-count streams one worker process holds at once
 * (LIVE_STREAMS_PER_PROCESS): by default as many as its open files allow
 * (`ulimit -n`, which Node raises to the hard limit), less 2,048 kept for
 * everything else. Past it, pages read the counts document every second:
 * a crowd never takes the descriptors that every other request needs.
 */
export const liveStreamsPerProcess =
  env.get('LIVE_STREAMS_PER_PROCESS') ?? Math.max(0, (openFilesLimit() ?? 4096) - DESCRIPTORS_KEPT)

export type RateLimitName = keyof typeof rateLimits

/** The allowance of a limit once RATE_LIMIT_FACTOR is applied (never below 1). */
export function allowedRequests(name: RateLimitName) {
  return Math.max(1, Math.round(rateLimits[name].requests * rateLimitFactor))
}

/**
 * Kinds of mail that anyone can ask for on behalf of an address: each has an
 * hourly allowance per address of its own, besides the total of every mail.
 */
export type GuardedMailKind = Extract<
  RateLimitName,
  'newsletterConfirmationMails' | 'passwordResetMails' | 'verificationMails' | 'emailChangeMails'
>
