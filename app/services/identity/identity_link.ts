import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Session } from '@adonisjs/session'
import type User from '#models/user'
import type { Locale } from '#app/i18n/locales'
import type { IdentityProvider } from '#support/identity_providers'
import { affectedRows, isUniqueViolation, rowsOf } from '#support/database_errors'
import {
  BINDING_SESSION_KEY,
  sha256,
  sqlTime,
  startIdentityCheck,
} from '#services/identity/identity_check'

/*
 * A member links a verified identity to their account, once: the same
 * provider flow as a signer's check (services/identity/identity_check), for
 * the account instead of a petition. Its result is taken back only in the
 * browser that started it and only by the member it was started for: a
 * link handed to someone else links nothing, so nobody can get another
 * person's identity onto their account. Once linked, it is neither linked
 * again nor changed; it goes with the account. One identity belongs to one
 * account (the unique index on `users.identity_hash` decides a race).
 */

/** What came of taking a finished check back to the account. */
export type IdentityLinkOutcome = 'linked' | 'already_linked' | 'taken' | 'expired'

type VerificationRow = { provider_key: string; identity_hash: string; claims: string }

/** Starts the member's check at `provider`: the provider's address. Throws when it cannot be reached. */
export function startIdentityLink(
  session: Session,
  provider: IdentityProvider,
  user: User,
  locale: Locale
) {
  return startIdentityCheck(session, provider, { locale, userId: user.id })
}

/**
 * Links the check a pass names to the member's account, if this session
 * started it for this member and nothing is linked yet. The check is used
 * up in every case but an unknown or expired pass.
 */
export async function linkIdentity(
  session: Session,
  user: User,
  pass: string
): Promise<IdentityLinkOutcome> {
  const binding: string | undefined = session.get(BINDING_SESSION_KEY)
  if (!binding) return 'expired'
  try {
    return await db.transaction(async (trx) => {
      const now = DateTime.utc()
      const rows = rowsOf<VerificationRow>(
        await trx.rawQuery(
          `UPDATE identity_verifications SET pass_hash = NULL, used_at = ?
            WHERE pass_hash = ? AND binding_hash = ? AND user_id = ? AND expires_at > ?
              AND used_at IS NULL
            RETURNING provider_key, identity_hash, claims`,
          [sqlTime(now), sha256(pass), sha256(binding), user.id, sqlTime(now)]
        )
      )
      if (!rows.length) return 'expired'
      const [verified] = rows
      const holder = await trx
        .from('users')
        .where('identity_hash', verified.identity_hash)
        .select('id')
        .first()
      if (holder) return holder.id === user.id ? 'already_linked' : 'taken'
      const changed = await trx
        .from('users')
        .where('id', user.id)
        .whereNull('identity_hash')
        .update({
          identity_provider: verified.provider_key,
          identity_hash: verified.identity_hash,
          identity_claims: verified.claims,
          identity_linked_at: sqlTime(now),
        })
      return affectedRows(changed) > 0 ? 'linked' : 'already_linked'
    })
  } catch (error) {
    // Another account linked the same identity at the same moment: the index decided.
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}
