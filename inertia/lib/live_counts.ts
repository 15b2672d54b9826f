import { useEffect, useRef, useState } from 'react'
import type { Data } from '@generated/data'
import type { PetitionProgress } from '@app/shared/petitions/progress.ts'
import { pageSignature, type LiveSignature } from '@app/shared/petitions/live_signatures.ts'

/** What the page shows of each update the server sends after a flush moved the petition's counts. */
export type LiveCounts = PetitionProgress & { lastSignatures: Data.LastSignature[] }

/** An update as the server sends it: its signers' initials avatars as letters and colour. */
type LiveCountsMessage = PetitionProgress & { lastSignatures: LiveSignature[] }

function liveCountsOf(message: LiveCountsMessage): LiveCounts {
  return { ...message, lastSignatures: message.lastSignatures.map(pageSignature) }
}

/** How often a page that polls reads the counts document, unless the server says otherwise. */
const POLL_MS = 1000
/** A page that polls tries a stream again after 2 to 5 minutes: the crowd may have thinned. */
const POLL_FOR_MS = [120_000, 300_000] as const

type Listeners = { counts: (counts: LiveCounts) => void; connected: (connected: boolean) => void }

/**
 * Follows the counts of the petition `guid` until `close()`: its stream
 * (server-sent events, the petition's channel named in its URL), on which
 * the server sends each new count; the EventSource opens a new stream by
 * itself when one ends (after 30 minutes at most, or as its worker stops).
 * A worker that holds as many streams as it may answers with a `poll`
 * event instead: the page then reads the counts document every second (a
 * public copy nginx keeps a second, so the crowd costs the app one request
 * a second), and tries a stream again a few minutes later. A stream the
 * server refuses for good (this address holds too many) polls too; a
 * petition that closed meanwhile stops both.
 */
function followCounts(guid: string, on: Listeners) {
  const channel = `petitions/${guid}`
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  function stream() {
    source = new EventSource(`/__transmit/events?${new URLSearchParams({ channel })}`)
    source.addEventListener('open', () => on.connected(true))
    source.addEventListener('message', (event) => {
      const message = JSON.parse(event.data)
      if (message.channel === channel) on.counts(liveCountsOf(message.payload))
    })
    source.addEventListener('poll', (event) => {
      const every = Number(JSON.parse((event as MessageEvent).data).every)
      poll(every >= 500 ? every : POLL_MS)
    })
    source.addEventListener('error', () => {
      on.connected(false)
      // CONNECTING: the EventSource tries again by itself; CLOSED: it gave up.
      if (source?.readyState === EventSource.CLOSED) poll(POLL_MS)
    })
  }

  function poll(every: number) {
    source?.close()
    source = null
    const [least, most] = POLL_FOR_MS
    const until = Date.now() + least + Math.random() * (most - least)
    let last = ''
    const read = async () => {
      if (closed) return
      if (Date.now() > until) return stream()
      try {
        // Without cookies: the copy every guest shares, from nginx's cache; never the
        // browser's own, which would show a stale copy while it asks for the next.
        const response = await fetch(`/petition/${guid}/counts`, {
          credentials: 'omit',
          cache: 'no-store',
        })
        if (response.status === 404 || response.status === 410) return on.connected(false)
        const text = response.ok ? await response.text() : ''
        on.connected(response.ok)
        if (text && text !== last && !closed) on.counts(liveCountsOf(JSON.parse(text)))
        last = text || last
      } catch {
        on.connected(false)
      }
      if (!closed) timer = setTimeout(read, every)
    }
    void read()
  }

  stream()
  return () => {
    closed = true
    clearTimeout(timer)
    source?.close()
  }
}

/**
 * The petition's counts and last signatures as they move, while its page is
 * open (`followCounts`). Drafts and closed petitions follow nothing (the
 * server refuses them). `live` is null until the first update after these
 * props (the prop whose change supersedes an update); `connected` says
 * whether counts are reaching the page.
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
    const close = followCounts(guid, {
      counts: (counts) => setUpdate({ props: currentProps.current, counts }),
      connected: setConnected,
    })
    return () => {
      close()
      setConnected(false)
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
    verifiedCount: live.verifiedCount,
    onlineSupportCount: live.onlineSupportCount,
    totalSignatures: live.totalSignatures,
    neededSignatures: live.neededSignatures,
    percentage: live.percentage,
    positivePercentage: live.positivePercentage,
    negativePercentage: live.negativePercentage,
  }
}
