/**
 * A petition's milestones: its target and the owner's own, in ascending
 * order without repeats. When the confirmed support first reaches one, the
 * recipients with an address are told.
 */
export function milestonesOf(targetSignatures: number, own: readonly number[] = []) {
  return [...new Set([targetSignatures, ...own])].filter((value) => value > 0).sort((a, b) => a - b)
}

/** The highest milestone `count` has reached; 0 for none. */
export function reachedMilestone(milestones: readonly number[], count: number) {
  let reached = 0
  for (const milestone of milestones) if (milestone <= count) reached = milestone
  return reached
}

/** The first milestone above `reached`, which the counter watches for; null when none is left. */
export function nextMilestone(milestones: readonly number[], reached: number) {
  return milestones.find((milestone) => milestone > reached) ?? null
}
