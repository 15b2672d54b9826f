import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { Session } from '@adonisjs/session'
import type User from '#models/user'
import { identityProvider } from '#config/identity'
import type { IdentityClaims } from '#shared/identity'
import { rowsOf } from '#support/database_errors'
import { VERIFICATION_SESSION_KEY } from '#services/identity/identity_check'

/**
 * What a signature may keep of a signer's identity check: which provider,
 * the keyed hash of (issuer, subject) that stands for the person
 * (services/identity/identity_check `identityHashOf`), and the claims the
 * site maps, as the provider asserted them.
 */
export type VerifiedIdentity = {
  providerKey: string
  identityHash: string
  claims: IdentityClaims
}

/** A member as far as their linked identity goes. */
type LinkedIdentityHolder = Pick<User, 'identityProvider' | 'identityHash' | 'identityClaims'>

type VerificationRow = { provider_key: string; identity_hash: string; claims: string }

const sqlTime = (time: DateTime) => time.toFormat(db.connection().dialect.dateTimeFormat)

const identityOf = (row: VerificationRow): VerifiedIdentity => ({
  providerKey: row.provider_key,
  identityHash: row.identity_hash,
  claims: JSON.parse(row.claims),
})

/** Whether the session holds a verification: its page is then its own, never a guest's shared copy. */
export function holdsVerifiedIdentity(session: Session) {
  return session.has(VERIFICATION_SESSION_KEY)
}

/**
 * The verification this session holds for this petition, still unused and
 * within its 10 minutes, or null. Reads nothing for a session without one.
 */
export async function verifiedIdentityOf(
  session: Session,
  petition: { guid: string }
): Promise<VerifiedIdentity | null> {
  const id: unknown = session.get(VERIFICATION_SESSION_KEY)
  if (typeof id !== 'number') return null
  const row: VerificationRow | null = await db
    .from('identity_verifications')
    .select('provider_key', 'identity_hash', 'claims')
    .where({ id, petition_guid: petition.guid })
    .whereNull('used_at')
    .whereNull('pass_hash')
    .where('expires_at', '>', sqlTime(DateTime.utc()))
    .first()
  if (row && identityProvider(row.provider_key)) return identityOf(row)
  // Used, expired, or its provider is gone from the settings: the session lets it go.
  if (!row) session.forget(VERIFICATION_SESSION_KEY)
  return null
}

/**
 * Takes the session's verification for this petition, once: the signature
 * that uses it stores what this returns. Run it in the signature's
 * transaction (`client`), so that a refused signature leaves it unused; two
 * signatures with one verification cannot both get it. Null when there is
 * none (used, expired, for another petition).
 */
export async function consumeVerifiedIdentity(
  session: Session,
  petition: { guid: string },
  client: QueryClientContract = db.connection()
): Promise<VerifiedIdentity | null> {
  const id: unknown = session.get(VERIFICATION_SESSION_KEY)
  if (typeof id !== 'number') return null
  const now = sqlTime(DateTime.utc())
  const rows = rowsOf<VerificationRow>(
    await client.rawQuery(
      `UPDATE identity_verifications SET used_at = ?
        WHERE id = ? AND petition_guid = ? AND used_at IS NULL AND pass_hash IS NULL
          AND expires_at > ?
        RETURNING provider_key, identity_hash, claims`,
      [now, id, petition.guid, now]
    )
  )
  return rows.length ? identityOf(rows[0]) : null
}

/**
 * The identity a sign from this session would carry: its check for this
 * petition, else the member's linked identity; null when neither.
 */
export async function heldIdentityOf(
  session: Session,
  user: LinkedIdentityHolder | null,
  petition: { guid: string }
): Promise<VerifiedIdentity | null> {
  const checked = await verifiedIdentityOf(session, petition)
  if (checked) return checked
  return linkedIdentityOf(user)
}

/** A member's linked identity, as a signature would carry it; null when none, or its provider is gone. */
export function linkedIdentityOf(user: LinkedIdentityHolder | null): VerifiedIdentity | null {
  if (!user?.identityHash || !user.identityProvider) return null
  if (!identityProvider(user.identityProvider)) return null
  return {
    providerKey: user.identityProvider,
    identityHash: user.identityHash,
    claims: user.identityClaims ?? {},
  }
}
