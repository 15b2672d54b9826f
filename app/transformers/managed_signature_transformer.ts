import type Petition from '#models/petition'
import type Signature from '#models/signature'
import type CustomField from '#models/custom_field'
import type { ManagedPetition, ManagedSignature } from '#app/types/props'
import { avatarFor, initialsAvatar } from '#services/accounts/avatar'

/** A row of the owner's table, with the signer's `user` preloaded when a member. */
export function managedSignature(signature: Signature): ManagedSignature {
  const member = signature.userId ? signature.user : null
  return {
    id: signature.id,
    active: signature.active,
    private: signature.private,
    user: {
      avatar: member ? avatarFor(member) : initialsAvatar(signature.firstName, signature.lastName),
      firstName: signature.firstName,
      lastName: signature.lastName,
      email: signature.email,
    },
    comment: signature.comment,
    customFieldsData: signature.customFieldsData,
    score: signature.score,
    confirmedAt: signature.confirmedAt?.toISO() ?? null,
    createdAt: signature.createdAt.toISO()!,
  }
}

export function managedPetition(petition: Petition): ManagedPetition {
  return {
    guid: petition.guid,
    slug: petition.slug,
    title: petition.title,
    allowComments: petition.allowComments,
    allowOpposite: petition.allowOpposite,
    targetSignatures: petition.targetSignatures,
    supportCount: petition.supportCount,
    opposeCount: petition.opposeCount,
  }
}

/**
 * The custom-field columns: field id → title. Object keys that
 * are numbers keep ascending order in JSON, which is the fields' creation order.
 */
export function customFieldsColumns(fields: CustomField[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [String(field.id), field.title]))
}
