import type { DateTime } from 'luxon'

/** The windows a petition's signing trends cover: the last hour, the last day. */
export const TREND_WINDOWS = ['hour', 'day'] as const
export type TrendWindow = (typeof TREND_WINDOWS)[number]

/** Each window in whole minutes, the current one included. */
export const WINDOW_MINUTES: Record<TrendWindow, number> = { hour: 60, day: 24 * 60 }

/** Networks and domains listed per window. */
export const TOP_GROUPS = 20

/** A network's (keyed hash) or domain's signatures in a window, and how many are unconfirmed. */
export type GroupCount = { subject: string; signatures: number; unconfirmed: number }

/** The signatures of one minute (whole minutes since 1970). */
export type MinuteCount = { minute: number; signatures: number; unconfirmed: number }

export type WindowTrends = {
  /** Its first minute (whole minutes since 1970). */
  from: number
  signatures: number
  unconfirmed: number
  networks: GroupCount[]
  domains: GroupCount[]
  /** The minutes with signatures, oldest first. */
  minutes: MinuteCount[]
}

/** Both windows, read at `at`, whose minute is the windows' last. */
export type SigningTrends = { at: DateTime; minute: number } & Record<TrendWindow, WindowTrends>
