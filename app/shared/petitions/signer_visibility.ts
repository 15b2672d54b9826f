/**
 * What a signature shows, and to whom, as the sign form tells its signer.
 * It must say what the places that show signatures really show:
 *
 * - the author: the owner's signatures table and its CSV export
 *   (services/signatures/management, ManagedSignatureTransformer), every
 *   field of every signature, anonymous or not;
 * - everyone: the petition's last signatures (LastSignatureTransformer):
 *   the first name with an avatar (a member's picture, or the initials of
 *   the first and last name), or "Anonymous"; the comment; the date. The
 *   country only counts in the figures by country;
 * - the people the petition is addressed to: the list of signers of the
 *   delivery package (services/delivery/delivery_package `countedSigners`),
 *   counted supporters who did not sign anonymously, with their full name,
 *   country, date and comment.
 *
 * Each item is a key of `page.sign.who_sees.items` in the translations.
 */
export type VisibleItem =
  | 'name'
  | 'email'
  | 'country'
  | 'postal_code'
  | 'comment'
  | 'answers'
  | 'position'
  | 'anonymous'
  | 'first_name_initials'
  | 'first_name_picture'
  | 'anonymous_name'
  | 'date'

/** What of a petition's form decides what a signature holds. */
export type SignedPetitionForm = {
  allowComments: boolean
  askPostalCode: boolean
  allowOpposite: boolean
  customFields: readonly unknown[]
}

export type SignerVisibility = {
  author: VisibleItem[]
  everyone: VisibleItem[]
  /** In the list of signers handed to the people addressed; null when left out of it. */
  handed: VisibleItem[] | null
  /** The list names supporters only: said when the petition takes opposition too. */
  handedIfSupporting: boolean
}

/** What a signature with this petition's form shows to whom, for a signer who is or is not anonymous, a member or not. */
export function signerVisibility(
  petition: SignedPetitionForm,
  signer: { anonymous: boolean; member: boolean }
): SignerVisibility {
  const when = (condition: boolean, item: VisibleItem) => (condition ? [item] : [])
  const comment = when(petition.allowComments, 'comment')
  return {
    author: [
      'name',
      'email',
      'country',
      ...when(petition.askPostalCode, 'postal_code'),
      ...comment,
      ...when(petition.customFields.length > 0, 'answers'),
      ...when(petition.allowOpposite, 'position'),
      'anonymous',
    ],
    everyone: [
      signer.anonymous
        ? 'anonymous_name'
        : signer.member
          ? 'first_name_picture'
          : 'first_name_initials',
      ...comment,
      'date',
    ],
    handed: signer.anonymous ? null : ['name', 'country', 'date', ...comment],
    handedIfSupporting: petition.allowOpposite,
  }
}
