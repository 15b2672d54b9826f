import { useEffect, useRef, useState } from 'react'
import type { Data } from '@generated/data'
import type { PetitionProgress } from '@app/shared/petitions/progress.ts'

/** What the server sends after each counter flush that moved the petition's counts. */
export type LiveCounts = PetitionProgress & { lastSignatures: Data.LastSignature[] }

/** crypto.randomUUID needs a secure context; a page opened over plain http by address has none. */
function streamUid() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The petition's counts and last signatures as they move, while its page is
 * open: a server-sent events stream joined to the petition's channel. The
 * channel goes in the stream's URL, so the worker that holds the stream is
 * the one that subscribes it. Drafts and closed petitions open no stream
 * (the server refuses one). The server ends a stream after 30 minutes at
 * most, or as its worker stops; the EventSource then opens a new one by itself.
 * `live` is null until the first update after these props; `connected` says
 * whether the stream is open.
 */
export function useLiveCounts(
  petition: Pick<Data.PetitionShow, 'guid' | 'published' | 'finished' | 'closedAt'>,
  props: unknown
) {
  const [update, setUpdate] = useState<{ props: unknown; counts: LiveCounts } | null>(null)
  const [connected, setConnected] = useState(false)
  // The props an update arrives over: a later visit's props supersede it.
  const currentProps = useRef(props)
  useEffect(() => {
    currentProps.current = props
  }, [props])
  const open = petition.published && !petition.finished && !petition.closedAt
  const { guid } = petition

  useEffect(() => {
    if (!open) return
    let closed = false
    let close = () => {}
    const channel = `petitions/${guid}`
    // Loaded with the first open page, not in every page's bundle.
    void import('@adonisjs/transmit-client').then(({ Transmit }) => {
      if (closed) return
      const transmit = new Transmit({
        baseUrl: window.location.origin,
        uidGenerator: streamUid,
        eventSourceFactory: (url, options) => {
          const withChannel = new URL(url)
          withChannel.searchParams.set('channel', channel)
          return new EventSource(withChannel, options)
        },
      })
      transmit.on('connected', () => setConnected(true))
      transmit.on('disconnected', () => setConnected(false))
      transmit
        .subscription(channel)
        .onMessage<LiveCounts>((counts) => setUpdate({ props: currentProps.current, counts }))
      close = () => transmit.close()
    })
    return () => {
      closed = true
      setConnected(false)
      close()
    }
  }, [guid, open])

  // A visit that brings new props (signing, a reload) supersedes earlier updates.
  const live = update && update.props === props ? update.counts : null
  return { live, connected }
}

/** The counts of a live update, to lay over the page's `petition` prop. */
export function countsOf(live: LiveCounts): PetitionProgress {
  return {
    supportCount: live.supportCount,
    opposeCount: live.opposeCount,
    paperCount: live.paperCount,
    onlineSupportCount: live.onlineSupportCount,
    totalSignatures: live.totalSignatures,
    neededSignatures: live.neededSignatures,
    percentage: live.percentage,
    positivePercentage: live.positivePercentage,
    negativePercentage: live.negativePercentage,
  }
}
