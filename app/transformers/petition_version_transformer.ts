import { BaseTransformer } from '@adonisjs/core/transformers'
import type PetitionVersion from '#models/petition_version'
import { descriptionText } from '#support/search_text'
import { lettersAsText, type LetterText } from '#shared/petitions/text_changes'

/** A petition's text as its history page diffs it: plain text, markup and addresses left out. */
export function plainText(text: {
  title: string
  target: string
  description: string
  letters: LetterText[]
}) {
  return {
    title: text.title,
    target: text.target,
    /** The description's words without its markup, one line per paragraph. */
    description: descriptionText(text.description),
    /** Each letter's payload and its recipients' names and designations. */
    letters: lettersAsText(text.letters),
  }
}

/**
 * A version of a petition's text, the text it had before a change: when the
 * change was saved, whether signers were told of it, and who saved it
 * (`author`: for moderators only; null on public pages and once the
 * account is gone). A redacted version carries no text (empty fields, as
 * stored) but when and why moderators redacted it (`redaction`).
 */
export default class PetitionVersionTransformer extends BaseTransformer<PetitionVersion> {
  constructor(
    version: PetitionVersion,
    private author: string | null = null
  ) {
    super(version)
  }

  toObject() {
    const version = this.resource
    return {
      id: version.id,
      createdAt: version.createdAt.toISO()!,
      substantive: version.substantive,
      author: this.author,
      ...plainText(version),
      redaction: version.redactedAt
        ? { redactedAt: version.redactedAt.toISO()!, reason: version.redactionReason ?? '' }
        : null,
    }
  }
}
