import type { ReactNode } from 'react'
import { Badge, Button, Table } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/** The rules a moderator lifts by id: blocked domains and networks, and exemptions from the kept list. */
export type RuleKind = 'domains' | 'networks' | 'exemptions'

export type RuleRow = {
  id: number
  subject: string
  reason: string | null
  when: ReactNode
  createdBy: string | null
  /** Said beside the subject: why the rule does not apply (a block of a big mail provider). */
  note?: string | null
}

/** The column of each kind's subject, and of its date (added, or for a network its end). */
const HEADINGS: Record<RuleKind, { subject: string; when: string }> = {
  domains: { subject: 'page.moderation.rules.domains.domain', when: 'page.moderation.rules.added' },
  networks: {
    subject: 'page.moderation.rules.networks.network',
    when: 'page.moderation.rules.networks.expires',
  },
  exemptions: {
    subject: 'page.moderation.rules.domains.domain',
    when: 'page.moderation.rules.added',
  },
}

/** The test id of each kind's rows. */
const ROW_IDS: Record<RuleKind, string> = {
  domains: 'blocked-domain',
  networks: 'blocked-network',
  exemptions: 'exempted-domain',
}

/**
 * One kind of rule: each one's subject, reason, when it was added (or
 * ends) and by whom, and its lift button.
 */
export default function RulesTable({
  kind,
  rules,
  onLift,
}: {
  kind: RuleKind
  rules: RuleRow[]
  onLift: (kind: RuleKind, id: number, subject: string) => void
}) {
  const { t } = useTranslation()
  if (rules.length === 0) {
    return <p className="text-muted">{t(`page.moderation.rules.${kind}.none`)}</p>
  }
  return (
    <Table responsive size="sm" data-testid={kind === 'exemptions' ? kind : `blocked-${kind}`}>
      <caption className="visually-hidden">{t(`page.moderation.rules.${kind}.title`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t(HEADINGS[kind].subject)}</th>
          <th scope="col">{t('page.moderation.log.reason')}</th>
          <th scope="col">{t(HEADINGS[kind].when)}</th>
          <th scope="col">
            <span className="visually-hidden">{t('page.moderation.rules.lift')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => (
          <tr key={rule.id} data-testid={ROW_IDS[kind]}>
            <td>
              <code>{rule.subject}</code>
              {rule.note && (
                <>
                  {' '}
                  <Badge bg="warning" text="dark">
                    {rule.note}
                  </Badge>
                </>
              )}
            </td>
            <td className="text-break">{rule.reason}</td>
            <td className="small">
              {rule.when}
              {rule.createdBy && <> · {rule.createdBy}</>}
            </td>
            <td className="text-end">
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={t(`page.moderation.rules.${kind}.lift_label`, {
                  subject: rule.subject,
                })}
                onClick={() => onLift(kind, rule.id, rule.subject)}
              >
                {t('page.moderation.rules.lift')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  )
}
