/**
 * The sign form's opt-in: "{owner} may contact me about this campaign",
 * naming the petition's owner as its page does (first and last name).
 * The server stores the sentence it renders from the same translation
 * (`sources.sign.contact_consent`), never one the browser sends.
 */
export function ownerNameOf(owner: { firstName: string; lastName: string | null }) {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ')
}
