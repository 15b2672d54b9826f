import type Petition from '#models/petition'
import type Signature from '#models/signature'
import type User from '#models/user'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
import AccountTransformer from '#transformers/account_transformer'
import MyPetitionTransformer from '#transformers/my_petition_transformer'
import MySignatureTransformer from '#transformers/my_signature_transformer'

/** My/MyPetitions: a page of the member's petitions, newest first. */
export function myPetitionsProps(petitions: PageOfRows<Petition>, owner: User) {
  return {
    petitions: paginatorProps(petitions, (petition) =>
      new MyPetitionTransformer(petition, owner).toObject()
    ),
  }
}

/**
 * My/Signatures: a page of the member's signatures, each with its petition
 * and its receipt (by secret: `receiptsOf`) once the log has it.
 */
export function mySignaturesProps(
  signatures: PageOfRows<Signature>,
  receipts: Map<string, string>
) {
  return {
    signatures: paginatorProps(signatures, (signature) =>
      new MySignatureTransformer(signature, receiptOf(signature, receipts)).toObject()
    ),
  }
}

function receiptOf(signature: Signature, receipts: Map<string, string>) {
  return signature.receiptSecret ? (receipts.get(signature.receiptSecret) ?? null) : null
}

/** My/Account: the member's names, e-mail and linked providers. */
export function myAccountProps(user: User) {
  return { account: AccountTransformer.transform(user) }
}
