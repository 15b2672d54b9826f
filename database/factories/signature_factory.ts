import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import Signature, { OPPOSE, SUPPORT } from '#models/signature'
import { normalizeEmail } from '#support/email_normalizer'
import { networkHash } from '#support/signer_traces'

/**
 * A guest's signature, confirmed and counted in no counter: the petition's
 * counts and the signer's `signatures_count` stay as they are (recount, or
 * set them, when a test reads them). Merge `petitionId`, or make it through
 * `PetitionFactory.with('signatures')`. Its link token is new, and its mail
 * was sent, as the signing service leaves a signature once mailed.
 */
export const SignatureFactory = factory
  .define(Signature, ({ faker }) => ({
    firstName: 'Olena',
    lastName: 'Koval',
    email: `signer-${faker.string.alphanumeric(12).toLowerCase()}@example.org`,
    comment: null,
    private: false,
    score: SUPPORT,
    active: true,
    customFieldsData: {},
    locale: 'en',
    country: 'UA',
    wantsUpdates: false,
    confirmedAt: DateTime.utc(),
    confirmationToken: randomBytes(16).toString('base64url'),
    // Signed from a documentation network, as the sign form records it.
    networkHash: networkHash('198.51.100.7'),
    emailDomain: 'example.org',
  }))
  // Waiting for its e-mail confirmation.
  .state('unconfirmed', (signature) => {
    signature.confirmedAt = null
  })
  .state('opposing', (signature) => {
    signature.score = OPPOSE
  })
  .state('anonymous', (signature) => {
    signature.private = true
  })
  // Removed by the petition's owner.
  .state('inactive', (signature) => {
    signature.active = false
  })
  // The unique index is on the normalised address: always derived, never set apart.
  .before('create', (_, signature) => {
    signature.emailNormalized = normalizeEmail(signature.email)
  })
  .build()
