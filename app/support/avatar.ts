import { initialsAvatarUrl, initialsOf } from '#shared/avatars'

/**
 * Avatars without a third-party service: an uploaded picture
 * when there is one, else an SVG with the person's initials as a data URL.
 */
export function initialsAvatar(firstName: string, lastName?: string | null): string {
  return initialsAvatarUrl(initialsOf(firstName, lastName))
}

export function avatarFor(person: {
  avatar: string | null
  firstName: string
  lastName: string | null
}) {
  return person.avatar ?? initialsAvatar(person.firstName, person.lastName)
}
