import { DateTime } from 'luxon'
import PetitionVersion from '#models/petition_version'
import type User from '#models/user'
import ModerationEvent from '#models/moderation_event'
import { affectedRows } from '#support/database_errors'
import { changePetitions } from '#models/petition_changes'

/**
 * A moderator redacts an earlier text of a petition (personal data,
 * something unlawful): its title, target, description and letters are
 * emptied in one conditional UPDATE, so nothing of them is kept, and the
 * reason is shown in public in their place. Audited in the same
 * transaction. Only earlier texts: the text now is the petition itself,
 * which a moderator edits (the text before the edit becomes a version,
 * which can then be redacted) or hides.
 *
 * 'redacted' when done, 'already' when it was redacted before (nothing
 * changes), null when the version is not one of the petition's.
 */
export async function redactVersion(
  moderator: User,
  petitionId: number,
  versionId: number,
  reason: string
): Promise<'redacted' | 'already' | null> {
  return changePetitions(async ({ trx, mark }) => {
    const version = PetitionVersion.query({ client: trx })
      .where('id', versionId)
      .where('petition_id', petitionId)
    const changed = await version
      .clone()
      .whereNull('redacted_at')
      .update({
        title: '',
        target: '',
        description: '',
        letters: '[]',
        redacted_at: DateTime.utc().toFormat(trx.dialect.dateTimeFormat),
        redaction_reason: reason,
      })
    if (affectedRows(changed) === 0) return (await version.first()) ? 'already' : null
    await ModerationEvent.record(trx, {
      actor: moderator,
      action: 'version_redacted',
      petitionId,
      subject: `#${versionId}`,
      reason,
    })
    mark('page', petitionId)
    return 'redacted'
  })
}
