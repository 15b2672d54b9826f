import { type DateTime, Settings } from 'luxon'

/**
 * Stops the app's clock at `instant`: every luxon DateTime.now(), utc() and
 * local() (model timestamps, the retention services' "now") reads it, until
 * `restoreClock()`.
 */
export function setClock(instant: DateTime) {
  const millis = instant.toMillis()
  Settings.now = () => millis
}

export function restoreClock() {
  Settings.now = () => Date.now()
}
