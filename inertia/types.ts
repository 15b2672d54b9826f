import type { Data } from '@generated/data'

/**
 * The props every page carries, typed from the server's Inertia middleware:
 * `usePage().props` knows them without a cast.
 */
declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: Data.SharedProps
  }
}

export type SharedProps = Data.SharedProps
export type AlertKind = keyof SharedProps['alerts']
