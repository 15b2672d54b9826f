/*
 * The transparency log's leaves and receipts, shared by the server and the
 * pages. A leaf is one change of a petition's counts; it names no signer.
 */

/** What changed a count: an online signature counted or uncounted, a paper batch verified or taken back. */
export const LOG_EVENTS = ['add', 'remove', 'paper', 'paper-remove'] as const
export type LogEvent = (typeof LOG_EVENTS)[number]

export type LogLeaf = {
  v: 1
  /** The petition's guid (never its id: a deleted petition keeps its leaves). */
  petition: string
  event: LogEvent
  side: 'support' | 'oppose'
  /** Signatures the change moves: 1 for an online signature, a batch's for paper, a recount's difference. */
  n: number
  /** The hour of the change, as an ISO date (whole hours: the exact second says nothing useful and much about a signer). */
  hour: string
  /** An online signature's: base64url SHA-256 of the secret only its signer's receipt holds. */
  commitment?: string
}

/** A leaf's exact text: compact JSON, keys in this order, `commitment` only when it has one. */
export function leafJson(leaf: LogLeaf): string {
  const { v, petition, event, side, n, hour, commitment } = leaf
  return JSON.stringify(
    commitment === undefined
      ? { v, petition, event, side, n, hour }
      : { v, petition, event, side, n, hour, commitment }
  )
}

/** A signer's receipt: their signature's leaf and the secret its commitment hashes. */
export function receiptOf(leafIndex: number, secret: string) {
  return `${leafIndex}.${secret}`
}

/** A signed tree head as the log serves it: its size, when it was signed (ms), its root (base64). */
export type TreeHead = { treeSize: number; timestamp: number; rootHash: string; signature: string }

/** The exact text a tree head's Ed25519 signature covers. */
export function treeHeadBytes(head: Omit<TreeHead, 'signature'>) {
  return `undersign-log-v1\n${head.treeSize}\n${head.timestamp}\n${head.rootHash}`
}
