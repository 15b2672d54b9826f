import type User from '#models/user'

type Names = { firstName: string; lastName?: string | null; nickName?: string | null }

/** The member's names; a last name or nickname left empty is removed. */
export async function updateProfile(user: User, { firstName, lastName, nickName }: Names) {
  user.merge({ firstName, lastName: lastName || null, nickName: nickName || null })
  await user.save()
  return user
}
