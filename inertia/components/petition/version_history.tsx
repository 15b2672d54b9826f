import { useMemo, type ReactNode } from 'react'
import { Badge } from 'react-bootstrap'
import { diffWords } from 'diff'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'

/** A petition's text as the history diffs it (plain text). */
type Text = Pick<Data.PetitionVersion, 'title' | 'target' | 'description' | 'letters'>

const FIELDS = ['title', 'target', 'description', 'letters'] as const

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' }

/**
 * Two texts word by word: removed words struck through in <del>, added ones
 * underlined in <ins>, each also said in words for screen readers (colour
 * is never the only cue); lines kept.
 */
export function TextDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation()
  const parts = useMemo(() => diffWords(before, after), [before, after])
  return (
    <p className="text-diff mb-0" style={{ whiteSpace: 'pre-wrap' }}>
      {parts.map((part, index) => {
        if (!part.added && !part.removed) return <span key={index}>{part.value}</span>
        const Tag = part.added ? 'ins' : 'del'
        return (
          <Tag
            key={index}
            className={
              part.added
                ? 'bg-success-subtle text-success-emphasis'
                : 'bg-danger-subtle text-danger-emphasis'
            }
          >
            <span className="visually-hidden">
              {t(part.added ? 'page.history.added' : 'page.history.removed')}{' '}
            </span>
            {part.value}
            <span className="visually-hidden"> ({t('page.history.end')})</span>
          </Tag>
        )
      })}
    </p>
  )
}

/** Why and when moderators redacted a version's text, said in its place. */
function RedactionNotice({
  redaction,
}: {
  redaction: NonNullable<Data.PetitionVersion['redaction']>
}) {
  const { t, locale } = useTranslation()
  return (
    <p className="mb-2" data-testid="version-redacted">
      <Badge bg="secondary">{t('page.history.redacted')}</Badge>{' '}
      {t('page.history.redacted_text', {
        date: formatDate(locale, redaction.redactedAt, WHEN),
        reason: redaction.reason,
      })}
    </p>
  )
}

/**
 * A petition's versions, newest first, each with the words its change
 * removed and added: a version against the one after it, the newest
 * against the text now. Only the parts that changed are shown. A redacted
 * version has no text: its notice stands instead, and the version before
 * it, having nothing to be compared with, shows its own text as it was.
 * `level`: the heading level of each version; `actions` adds buttons to one.
 */
export default function VersionHistory({
  versions,
  current,
  level = 2,
  actions,
}: {
  versions: Data.PetitionVersion[]
  current: Text
  level?: 2 | 3
  actions?: (version: Data.PetitionVersion) => ReactNode
}) {
  const { t, locale } = useTranslation()
  const Heading = level === 2 ? 'h2' : 'h3'
  const FieldHeading = level === 2 ? 'h3' : 'h4'
  return (
    <ol className="list-unstyled" data-testid="versions">
      {versions.map((version, index) => {
        const next: Text = index === 0 ? current : versions[index - 1]
        const nextRedacted = index > 0 && versions[index - 1].redaction !== null
        const changed = FIELDS.filter((field) => version[field] !== next[field])
        const shown = nextRedacted ? FIELDS.filter((field) => version[field] !== '') : changed
        return (
          <li key={version.id} className="mb-4 border-bottom pb-3" data-testid="version">
            <Heading className="h5 mb-1">
              {t('page.history.changed_on', { date: formatDate(locale, version.createdAt, WHEN) })}
            </Heading>
            <p className="small mb-2">
              {version.substantive ? (
                <Badge bg="primary">{t('page.history.substantive')}</Badge>
              ) : (
                <Badge bg="light" text="dark" className="border">
                  {t('page.history.minor')}
                </Badge>
              )}
              {version.author !== null && (
                <span className="ms-2 text-body-secondary">
                  {t('page.moderation.versions.by', { name: version.author })}
                </span>
              )}
            </p>
            {version.redaction ? (
              <RedactionNotice redaction={version.redaction} />
            ) : (
              <>
                {nextRedacted && (
                  <p className="small text-body-secondary mb-2" data-testid="next-redacted">
                    {t('page.history.next_redacted')}
                  </p>
                )}
                {shown.map((field) => (
                  <div key={field} className="mb-2" data-testid={`version-${field}`}>
                    <FieldHeading className="h6 mb-1">
                      {t(`page.history.fields.${field}`)}
                    </FieldHeading>
                    {nextRedacted ? (
                      <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                        {version[field]}
                      </p>
                    ) : (
                      <TextDiff before={version[field]} after={next[field]} />
                    )}
                  </div>
                ))}
              </>
            )}
            {actions?.(version)}
          </li>
        )
      })}
    </ol>
  )
}
