/**
 * Business constants of petitions. Shared by
 * the server and the create form: keep this file free of server imports.
 */
export const TARGET_SIGNATURE_OPTIONS = [
  100, 1000, 10000, 20000, 25000, 40000, 50000, 100000, 150000, 200000, 250000, 300000, 400000,
  500000, 1000000,
] as const

export const PHOTO_SLOTS = 4
// Pictures a member may hold for petitions not saved yet (deleted after a day).
export const MAX_PENDING_MEDIA = 50
export const MAX_RECIPIENTS_PER_LETTER = 3
export const MAX_CUSTOM_FIELDS = 20
// Each list of a petition is bounded: one request writes it in one transaction
// and every view of the petition renders it.
export const MAX_VIDEOS = 10
export const MAX_LETTERS = 10
// Decision makers' addresses a petition may name (distinct), and how often a
// recipient's address may change in a UTC day: no petition mails a crowd.
export const MAX_ADDRESSES_PER_PETITION = 10
export const MAX_ADDRESS_CHANGES_PER_DAY = 3
export const MAX_UPDATES = 100
// The owner's own milestones besides the target: each one passed mails the
// recipients with an address once, so a few are plenty.
export const MAX_MILESTONES = 5
export const MAX_MILESTONE = 10_000_000
export const CUSTOM_FIELD_TYPES = ['text', 'string', 'number'] as const

export const LIMITS = {
  title: 128,
  target: 255,
  description: 50_000,
  videoTitle: 128,
  videoDescription: 3000,
  letter: 9000,
  recipientName: 100,
  recipientDesignation: 128,
  recipientEmail: 254,
  updateTitle: 100,
  updateDescription: 255,
  customFieldTitle: 128,
  customFieldDescription: 400,
  responder: 200,
  responderRole: 200,
  responseBody: 50_000,
} as const

/** The last signatures a petition's page shows. */
export const LAST_SIGNATURES = 10
