import { initialsAvatarUrl, type Initials } from '#shared/avatars'

/**
 * A signer in a live update of a petition's page: as in the page's list of
 * last signatures, but an avatar without an uploaded picture comes as its
 * initials and colour, which the page draws (`pageSignature`). Ten of them
 * go to every page of a crowd once a second: their data URLs were two
 * thirds of each message.
 */
export type LiveSignature = {
  id: number
  anonymous: boolean
  user: { firstName: string; avatar: string | Initials }
  createdAt: string
  comment: string | null
}

/** A live update's signer as the page's list shows one. */
export function pageSignature(signature: LiveSignature) {
  const { avatar } = signature.user
  return {
    ...signature,
    user: {
      firstName: signature.user.firstName,
      avatar: typeof avatar === 'string' ? avatar : initialsAvatarUrl(avatar),
    },
  }
}
