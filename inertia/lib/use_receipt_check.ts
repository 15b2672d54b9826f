import { useEffect, useState } from 'react'
import {
  checkReceipt,
  searchLaterChanges,
  type ReceiptCheck,
  type RemovalSearch,
} from '~/lib/receipt_check.ts'

/** Checks again while no signed head covers the leaf yet: heads come within 10 s of a change. */
export const PENDING_ATTEMPTS = 6
const PENDING_RETRY_MS = 3000

/** A check asked for: the receipt, and which asking (the same receipt may be checked again). */
export type CheckRequest = { receipt: string; run: number }

export type ReceiptCheckState = {
  /** `checking` while the first answer is awaited; null before any receipt. */
  check: ReceiptCheck | { state: 'checking' } | null
  /** The attempt under way or last made, from 1 (only `pending` tries again). */
  attempt: number
  /** After a verified check: the search of the later leaves for a removal. */
  search: RemovalSearch | null
}

/**
 * A receipt's check as it goes: the check itself, tried again a few times
 * while the leaf waits for its signed head, then the search for a later
 * removal. A new request cancels what the previous one still had running.
 */
export function useReceiptCheck(request: CheckRequest | null): ReceiptCheckState {
  // Each answer names its request: an answer to an older one is never shown.
  const [answer, setAnswer] = useState<(ReceiptCheckState & { request: CheckRequest }) | null>(null)

  useEffect(() => {
    if (!request) return
    const abort = new AbortController()
    let retry: ReturnType<typeof setTimeout> | undefined
    const show = (state: ReceiptCheckState) =>
      !abort.signal.aborted && setAnswer({ ...state, request })
    // An answer the verifier could not read (a cancelled fetch is no failure).
    const failed = (error: unknown) => {
      if (abort.signal.aborted) return
      console.error('The receipt could not be checked', error)
      show({ check: { state: 'unreachable' }, attempt: 1, search: null })
    }
    const attempt = async (number: number) => {
      const check = await checkReceipt(request.receipt, abort.signal)
      show({ check, attempt: number, search: null })
      if (check.state === 'pending' && number < PENDING_ATTEMPTS) {
        retry = setTimeout(() => attempt(number + 1).catch(failed), PENDING_RETRY_MS)
      }
      if (check.state !== 'verified') return
      const onProgress = (search: RemovalSearch) => show({ check, attempt: number, search })
      onProgress(await searchLaterChanges(check, onProgress, abort.signal))
    }
    attempt(1).catch(failed)
    return () => {
      abort.abort()
      clearTimeout(retry)
    }
  }, [request])

  if (!request) return { check: null, attempt: 0, search: null }
  if (answer?.request !== request) return { check: { state: 'checking' }, attempt: 1, search: null }
  return answer
}
