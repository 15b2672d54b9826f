import { Link } from '@adonisjs/inertia/react'
import { router } from '@inertiajs/react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import RelativeTime from '~/components/moderation/relative_time.tsx'
import RulesTable, { type RuleKind } from '~/components/moderation/rules/rules_table.tsx'
import DomainRuleForm from '~/components/moderation/rules/domain_rule_form.tsx'
import BlockNetworkForm from '~/components/moderation/rules/block_network_form.tsx'
import KeptListCheckForm, {
  type KeptListCheck,
} from '~/components/moderation/rules/kept_list_check.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

type RulesProps = {
  /** The moderators' own blocked domains, by name. */
  domains: Data.BlockedDomain[]
  /** The networks blocked now, the first to expire first. */
  networks: Data.BlockedNetwork[]
  /** How many domains the kept list of disposable-mail domains holds. */
  keptListSize: number
  /** The domains exempted from the kept list, by name. */
  exemptions: Data.DisposableExemption[]
  /** A network's hash to block, from a petition's trends (`?network=`); empty otherwise. */
  networkToBlock: string
  /** The answer to "is this domain on the kept list?", when asked. */
  check: KeptListCheck | null
}

/**
 * Moderation/Rules: the rules against signing attacks. Blocked e-mail
 * domains (never a big mail provider) and blocked networks until their
 * expiry stop signatures silently (answered as any other, never counted);
 * the kept list of disposable-mail domains is refused at once on the sign
 * form, and moderators exempt the domains it names wrongly. A petition's
 * pause is on its own moderation page.
 */
export default function Rules({
  domains,
  networks,
  keptListSize,
  exemptions,
  check,
  networkToBlock,
}: RulesProps) {
  const { t, locale } = useTranslation()
  const added = (iso: string) => formatDate(locale, iso, { dateStyle: 'medium' })
  const lift = async (kind: RuleKind, id: number, subject: string) => {
    const confirmed = await askToConfirm({
      title: t(`page.moderation.rules.${kind}.lift_title`, { subject }),
      text: t(
        kind === 'exemptions'
          ? 'page.moderation.rules.exemptions.lift_text'
          : 'page.moderation.rules.lift_text'
      ),
      confirm: t('page.moderation.rules.lift'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor(`moderation.rules.${kind}.destroy`, { id }), { preserveScroll: true })
    }
  }
  return (
    <AppLayout title={t('page.moderation.rules.title')} noindex>
      <Container className="page-section" style={{ maxWidth: 960 }}>
        <nav className="mb-3 d-flex flex-wrap gap-3" aria-label={t('page.moderation.title')}>
          <Link route="moderation.queue">{t('page.moderation.back_to_queue')}</Link>
          <Link route="moderation.log">{t('page.moderation.log.title')}</Link>
        </nav>
        <h1 className="fw-bold">{t('page.moderation.rules.title')}</h1>
        <p className="text-muted">{t('page.moderation.rules.intro')}</p>

        <section className="mb-5" aria-labelledby="domains-title">
          <h2 className="h4" id="domains-title">
            {t('page.moderation.rules.domains.title')}
          </h2>
          <p>{t('page.moderation.rules.domains.intro')}</p>
          <p className="small text-body-secondary" data-testid="big-providers-note">
            {t('page.moderation.rules.domains.big_providers')}
          </p>
          <DomainRuleForm does="block" />
          <RulesTable
            kind="domains"
            rules={domains.map((blocked) => ({
              id: blocked.id,
              subject: blocked.domain,
              reason: blocked.reason,
              when: added(blocked.createdAt),
              createdBy: blocked.createdBy,
              note: blocked.applied ? null : t('page.moderation.rules.domains.not_applied'),
            }))}
            onLift={lift}
          />
        </section>

        <section className="mb-5" aria-labelledby="kept-title">
          <h2 className="h4" id="kept-title">
            {t('page.moderation.rules.kept.title')}
          </h2>
          <p>
            {t('page.moderation.rules.kept.intro', {
              count: keptListSize,
              formatted: new Intl.NumberFormat(locale).format(keptListSize),
            })}
          </p>
          <KeptListCheckForm check={check} />
          <h3 className="h5 mt-4" id="exemptions-title">
            {t('page.moderation.rules.exemptions.title')}
          </h3>
          <p>{t('page.moderation.rules.exemptions.intro')}</p>
          <DomainRuleForm does="exempt" />
          <RulesTable
            kind="exemptions"
            rules={exemptions.map((exemption) => ({
              id: exemption.id,
              subject: exemption.domain,
              reason: exemption.reason,
              when: added(exemption.createdAt),
              createdBy: exemption.createdBy,
            }))}
            onLift={lift}
          />
        </section>

        <section className="mb-5" aria-labelledby="networks-title">
          <h2 className="h4" id="networks-title">
            {t('page.moderation.rules.networks.title')}
          </h2>
          <p>{t('page.moderation.rules.networks.intro')}</p>
          <BlockNetworkForm network={networkToBlock} />
          <RulesTable
            kind="networks"
            rules={networks.map((blocked) => ({
              id: blocked.id,
              subject: blocked.networkHash,
              reason: blocked.reason,
              when: <RelativeTime iso={blocked.expiresAt} locale={locale} />,
              createdBy: blocked.createdBy,
            }))}
            onLift={lift}
          />
        </section>
      </Container>
    </AppLayout>
  )
}
