import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}
const inBrowser = () => true
const onTheServer = () => false

/**
 * A value known only in the browser: `onServer` while the server renders
 * and while the page hydrates, so the HTML matches, then `onClient()`.
 */
export function useBrowserValue<Value>(onClient: () => Value, onServer: Value): Value {
  return useSyncExternalStore(noSubscription, onClient, () => onServer)
}

/** False on the server and while hydrating, true once the page runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(noSubscription, inBrowser, onTheServer)
}
