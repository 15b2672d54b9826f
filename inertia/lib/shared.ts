import { usePage } from '@inertiajs/react'
import type { SharedProps } from '@app/types/props.ts'

/** The props every page carries, for shared components. */
export function useSharedProps(): SharedProps {
  return usePage().props as unknown as SharedProps
}
