import { usePage } from '@inertiajs/react'
import type { SharedProps } from '~/types.ts'

/** The role that may moderate: the queue, and a link to it where a moderator needs it. */
export const MODERATOR_ROLE = 2

/** The props every page carries, for shared components. */
export function useSharedProps(): SharedProps {
  return usePage().props
}
