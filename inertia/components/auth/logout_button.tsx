import { Link } from '@inertiajs/react'
import type { ComponentProps } from 'react'
import { urlFor } from '~/client.ts'

/**
 * A button that logs out by POST (with the CSRF token, as every
 * form): logging out is never a GET, so no image or link can do it.
 */
export default function LogoutButton(props: Omit<ComponentProps<'button'>, 'type'>) {
  return (
    <Link
      {...(props as Record<string, unknown>)}
      href={urlFor('auth.logout')}
      method="post"
      as="button"
      type="button"
    />
  )
}
