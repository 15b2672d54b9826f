/** Whole hours since 1970 (UTC): the key of the hourly counts. */
export function hourOf(time: number = Date.now()) {
  return Math.floor(time / 3_600_000)
}
