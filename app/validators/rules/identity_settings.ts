import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import type { IdentityResidence } from '#shared/identity'

/**
 * What the petition form's identity options are checked against (the
 * validator's `meta.identity`): whether the site offers them, whether the
 * petition's signatures hold them (a signature exists, so they stay as
 * they are), what the petition stores now (null for a new one), and the
 * residence its signing requires now (none when the site forbids it).
 */
export type IdentitySettingsCheck = {
  offered: boolean
  locked: boolean
  current: {
    required: boolean
    residence: IdentityResidence | null
    country: string | null
    region: string | null
  } | null
  residenceInForce: IdentityResidence | null
}

/** The fields beside this one as sent (not yet converted: a switch may come as "true" or 1). */
type Sent = {
  identityRequired?: unknown
  identityResidence?: unknown
  country?: unknown
  region?: unknown
}

const SWITCHED_ON = [true, 1, '1', 'true', 'on']
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== ''

function checkOf(field: FieldContext): IdentitySettingsCheck | null {
  return (field.meta as { identity?: IdentitySettingsCheck }).identity ?? null
}

/**
 * The "only verified signatures" switch of a petition that has signatures
 * cannot change: every signature it counts was given under it. Sent
 * unchanged, or left out, it stands. Error key identityRequired.locked.
 */
export const identityRequiredRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    const check = checkOf(field)
    if (!field.isValid || !check?.locked || !check.current) return
    if (value === undefined || value === null) return
    if (value !== check.current.required) {
      field.report(
        'These settings cannot change once the petition has signatures',
        'identityRequired.locked',
        field
      )
    }
  },
  { implicit: true }
)

/**
 * Who may sign. A petition with signatures keeps it (left out: kept).
 * Otherwise, when the site offers the options and the switch is on, a
 * residence names the petition's place: `country` needs its country set,
 * `region` its country and region. Error keys identityResidence.locked,
 * identityResidence.needsCountry, identityResidence.needsRegion.
 */
export const identityResidenceRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    const check = checkOf(field)
    if (!field.isValid || !check) return
    const sent = field.parent as Sent
    if (check.locked && check.current) {
      if (value === undefined) return
      const required =
        sent.identityRequired === undefined || sent.identityRequired === null
          ? check.current.required
          : SWITCHED_ON.includes(sent.identityRequired as never)
      // A changed switch has its own error; the residence of a switch turned off is none.
      if (required !== check.current.required || !required) return
      if ((value ?? null) !== check.current.residence) {
        field.report(
          'These settings cannot change once the petition has signatures',
          'identityResidence.locked',
          field
        )
      }
      return
    }
    if (!check.offered || !SWITCHED_ON.includes(sent.identityRequired as never)) return
    if (value === 'country' && !filled(sent.country)) {
      field.report("Choose the petition's country first", 'identityResidence.needsCountry', field)
    } else if (value === 'region' && !(filled(sent.country) && filled(sent.region))) {
      field.report(
        "Give the petition's country and region first",
        'identityResidence.needsRegion',
        field
      )
    }
  },
  { implicit: true }
)

/**
 * The place a residence names (the country; for `region`, the region too)
 * cannot change once the petition has signatures: those who signed were
 * checked against it. Error keys country.identityLocked, region.identityLocked.
 */
export const identityPlaceRule = vine.createRule(
  (value: unknown, options: { part: 'country' | 'region' }, field: FieldContext) => {
    const check = checkOf(field)
    if (!field.isValid || !check?.locked || !check.current) return
    const residence = check.residenceInForce
    if (options.part === 'country' ? residence === null : residence !== 'region') return
    const sent = typeof value === 'string' ? value.trim() || null : null
    if (sent !== check.current[options.part]) {
      field.report(
        'Only residents of this place may sign and the petition has signatures: it cannot change',
        `${options.part}.identityLocked`,
        field
      )
    }
  },
  { implicit: true }
)
