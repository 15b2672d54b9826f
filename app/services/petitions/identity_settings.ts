import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Petition from '#models/petition'
import type { IdentitySettingsCheck } from '#validators/rules/identity_settings'
import {
  identityOptionsOffered,
  identityRequirementOf,
  type IdentitySettings,
} from '#support/identity_requirement'

/**
 * Whether anyone has signed the petition, confirmed or still waiting for
 * their link: from then on its identity settings stay as they are. A page
 * that says "only verified signatures" must be true of every signature it
 * counts, and a signature waiting for its link counts once confirmed; a
 * loosened one would break the promise made to those who signed.
 */
async function hasSignatures(petitionId: number, client: QueryClientContract = db.connection()) {
  const row = await client.from('signatures').where('petition_id', petitionId).select('id').first()
  return Boolean(row)
}

/** What the form's identity options are checked against (see IdentitySettingsCheck). */
export async function identitySettingsCheck(
  petition: Petition | null
): Promise<IdentitySettingsCheck> {
  const locked = petition ? await hasSignatures(petition.id) : false
  return {
    offered: identityOptionsOffered(),
    locked,
    current: petition && {
      required: petition.identityRequired,
      residence: petition.identityResidence,
      country: petition.country,
      region: petition.region,
    },
    residenceInForce: petition ? identityRequirementOf(petition).residence : null,
  }
}

/**
 * How the form shows the options: editable when the site offers them and
 * nobody has signed; read-only, with why, once someone has (when the site
 * offers them or the petition requires a verified identity); else hidden.
 */
export async function identityOptionsOf(petition: Petition | null) {
  const check = await identitySettingsCheck(petition)
  const inForce = petition !== null && identityRequirementOf(petition).required
  return {
    shown: check.offered || (check.locked && inForce),
    locked: check.locked,
  }
}

/**
 * What a save stores, with the petition's row locked (null: a new one).
 * A signed petition keeps its settings (the validator refused a change);
 * options the site does not offer are ignored: off. A residence counts
 * only with the requirement.
 */
export async function identitySettingsToSave(
  petition: Petition | null,
  input: { identityRequired?: boolean; identityResidence?: IdentitySettings['identityResidence'] },
  client: QueryClientContract
): Promise<IdentitySettings> {
  if (petition && (await hasSignatures(petition.id, client))) {
    return {
      identityRequired: petition.identityRequired,
      identityResidence: petition.identityResidence,
    }
  }
  if (!identityOptionsOffered() || !input.identityRequired) {
    return { identityRequired: false, identityResidence: null }
  }
  return { identityRequired: true, identityResidence: input.identityResidence ?? null }
}
