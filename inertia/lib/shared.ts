import { usePage } from '@inertiajs/react'
import type { SharedProps } from '~/types.ts'

/** The props every page carries, for shared components. */
export function useSharedProps(): SharedProps {
  return usePage().props
}
