import type Petition from '#models/petition'
import type Signature from '#models/signature'
import type User from '#models/user'
import { paginatorProps, type PageOfRows } from '#shared/pagination'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import AccountTransformer from '#transformers/account_transformer'
import ApiTokenTransformer from '#transformers/api_token_transformer'
import type { ApiTokenUse } from '#shared/api_access'
import type { NewApiToken } from '#support/http/new_api_token'
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

/** The member's API tokens with their latest uses, and the value of one just made (shown once). */
export type ApiTokensOnPage = {
  tokens: AccessToken[]
  uses: Map<number, ApiTokenUse[]>
  newToken: NewApiToken | null
}

/** My/Account: the member's names, e-mail, linked providers and API tokens. */
export function myAccountProps(user: User, { tokens, uses, newToken }: ApiTokensOnPage) {
  return {
    account: AccountTransformer.transform(user),
    apiTokens: tokens.map((token) =>
      new ApiTokenTransformer(token, uses.get(Number(token.identifier)) ?? []).toObject()
    ),
    newApiToken: newToken,
  }
}
