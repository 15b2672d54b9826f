import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { affectedRows } from '#support/database_errors'

/** Narrows `signatures` to the rows to anonymise (one account's, one petition's…). */
export type SignatureScope = (query: DatabaseQueryBuilderContract) => void

/**
 * Erases the signer's personal data from the signatures in `scope`, in the
 * caller's transaction: name, address, postal code, comment and answers to
 * custom fields, the network's hash, the e-mail's domain and a verified
 * identity's hash and claims are gone (and with the address, any wish for the petition's news and any opt-in to be contacted by its owner), the
 * row is tied to no account and shows as anonymous. What the
 * counts are made of stays: the petition, the side, the country, the dates,
 * whether it is confirmed and active and which provider verified it, so no counter moves (a country
 * alone names nobody). The unique address
 * becomes one nobody can type (it has no @), so the person may sign again.
 * Accounts losing signatures have their own count lowered. Returns the rows
 * changed.
 */
export async function anonymiseSignatures(trx: TransactionClientContract, scope: SignatureScope) {
  const rows = () => trx.from('signatures').where(scope).whereNot('email', '')

  const owners: Array<{ user_id: number; total: number | string }> = await rows()
    .whereNotNull('user_id')
    .groupBy('user_id')
    .select('user_id')
    .count('* as total')
  for (const owner of owners) {
    await trx
      .from('users')
      .where('id', owner.user_id)
      .decrement('signatures_count', Number(owner.total))
  }

  const changed = await rows().update({
    user_id: null,
    first_name: '',
    last_name: '',
    email: '',
    email_normalized: trx.raw(`'erased:' || id`),
    postal_code: null,
    // The fraud checks' traces go with the rest.
    network_hash: null,
    email_domain: null,
    comment: null,
    custom_fields_data: null,
    private: true,
    confirmation_token: null,
    link_mail_due_at: null,
    // No address to mail a petition's news to any more.
    wants_updates: false,
    // Nobody left to contact: the opt-in and its words go with the address.
    // The source stays: it names the link followed, not the signer.
    contact_consent_at: null,
    contact_consent_text: null,
    // The verified person goes (their keyed hash and the claims); the provider's
    // key stays, as the verified count is made of it.
    identity_hash: null,
    identity_claims: null,
  })
  return affectedRows(changed)
}
