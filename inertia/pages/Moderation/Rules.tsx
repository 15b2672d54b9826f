import type { FormEvent, ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { router, useForm } from '@inertiajs/react'
import { Alert, Button, Col, Container, Form, Row, Table } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import FormField from '~/components/form_field.tsx'
import RelativeTime from '~/components/moderation/relative_time.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'
import {
  NETWORK_BLOCK_DURATIONS,
  type NetworkBlockDuration,
} from '@app/shared/fraud/signing_rules.ts'

type RulesProps = {
  /** The moderators' own blocked domains, by name. */
  domains: Data.BlockedDomain[]
  /** The networks blocked now, the first to expire first. */
  networks: Data.BlockedNetwork[]
  /** How many domains the kept list of disposable-mail domains holds. */
  keptListSize: number
  /** A network's hash to block, from a petition's trends (`?network=`); empty otherwise. */
  networkToBlock: string
  /** The answer to "is this domain on the kept list?", when asked. */
  check: { domain: string; listed: boolean } | null
}

/**
 * Moderation/Rules: the rules that stop signatures silently (answered as any
 * other, never counted): blocked e-mail domains, the kept list of
 * disposable-mail domains, and blocked networks until their expiry. A
 * petition's pause is on its own moderation page.
 */
export default function Rules({
  domains,
  networks,
  keptListSize,
  check,
  networkToBlock,
}: RulesProps) {
  const { t, locale } = useTranslation()
  const lift = async (route: RuleKind, id: number, subject: string) => {
    const confirmed = await askToConfirm({
      title: t(`page.moderation.rules.${route}.lift_title`, { subject }),
      text: t('page.moderation.rules.lift_text'),
      confirm: t('page.moderation.rules.lift'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor(`moderation.rules.${route}.destroy`, { id }), { preserveScroll: true })
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
          <BlockDomainForm />
          <BlockedRules
            kind="domains"
            rules={domains.map((blocked) => ({
              id: blocked.id,
              subject: blocked.domain,
              reason: blocked.reason,
              when: formatDate(locale, blocked.createdAt, { dateStyle: 'medium' }),
              createdBy: blocked.createdBy,
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
          <CheckDomainForm check={check} />
        </section>

        <section className="mb-5" aria-labelledby="networks-title">
          <h2 className="h4" id="networks-title">
            {t('page.moderation.rules.networks.title')}
          </h2>
          <p>{t('page.moderation.rules.networks.intro')}</p>
          <BlockNetworkForm network={networkToBlock} />
          <BlockedRules
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

type RuleKind = 'domains' | 'networks'

/**
 * The blocked domains, or networks: each one's subject, reason, when it was
 * added (domains) or ends (networks) and by whom, and its lift button.
 */
function BlockedRules({
  kind,
  rules,
  onLift,
}: {
  kind: RuleKind
  rules: Array<{
    id: number
    subject: string
    reason: string | null
    when: ReactNode
    createdBy: string | null
  }>
  onLift: (kind: RuleKind, id: number, subject: string) => void
}) {
  const { t } = useTranslation()
  if (rules.length === 0) {
    return <p className="text-muted">{t(`page.moderation.rules.${kind}.none`)}</p>
  }
  return (
    <Table responsive size="sm" data-testid={`blocked-${kind}`}>
      <caption className="visually-hidden">{t(`page.moderation.rules.${kind}.title`)}</caption>
      <thead>
        <tr>
          <th scope="col">
            {t(
              kind === 'domains'
                ? 'page.moderation.rules.domains.domain'
                : 'page.moderation.rules.networks.network'
            )}
          </th>
          <th scope="col">{t('page.moderation.log.reason')}</th>
          <th scope="col">
            {t(
              kind === 'domains'
                ? 'page.moderation.rules.added'
                : 'page.moderation.rules.networks.expires'
            )}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('page.moderation.rules.lift')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => (
          <tr key={rule.id} data-testid={kind === 'domains' ? 'blocked-domain' : 'blocked-network'}>
            <td>
              <code>{rule.subject}</code>
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

/** A domain of the moderators' own, and why. */
function BlockDomainForm() {
  const { t } = useTranslation()
  const form = useForm({ domain: '', reason: '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(urlFor('moderation.rules.domains.store'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="card card-body shadow-sm mb-3"
      data-testid="block-domain-form"
    >
      <Row className="g-3">
        <Col md={5}>
          <FormField
            {...bindText(form, 'domain')}
            id="block-domain"
            label={t('page.moderation.rules.domains.domain')}
            hint={t('page.moderation.rules.domains.hint')}
            autoComplete="off"
          />
        </Col>
        <Col md={7}>
          <FormField
            {...bindText(form, 'reason')}
            id="block-domain-reason"
            label={t('page.moderation.rules.reason')}
          />
        </Col>
      </Row>
      <Button
        type="submit"
        variant="danger"
        className="align-self-start"
        disabled={form.processing}
      >
        {t('page.moderation.rules.domains.block')}
      </Button>
    </Form>
  )
}

/** Whether a domain is on the kept list: asked by GET, the answer on the page. */
function CheckDomainForm({ check }: { check: RulesProps['check'] }) {
  const { t } = useTranslation()
  const form = useForm({ check: check?.domain ?? '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.get(urlFor('moderation.rules'), { preserveScroll: true, preserveState: true })
  }
  return (
    <Form
      method="get"
      action={urlFor('moderation.rules')}
      onSubmit={submit}
      noValidate
      className="card card-body shadow-sm"
      data-testid="check-domain-form"
    >
      <Row className="g-3 align-items-start">
        <Col md={6}>
          <FormField
            {...bindText(form, 'check')}
            id="check-domain"
            label={t('page.moderation.rules.kept.check_label')}
            autoComplete="off"
          />
        </Col>
        <Col md="auto" className="pt-md-4 mt-md-2">
          <Button type="submit" variant="outline-secondary" disabled={form.processing}>
            {t('page.moderation.rules.kept.check')}
          </Button>
        </Col>
      </Row>
      {check && (
        <Alert
          variant={check.listed ? 'warning' : 'light'}
          role="status"
          data-testid="check-answer"
          className="border mb-0"
        >
          {t(`page.moderation.rules.kept.${check.listed ? 'listed' : 'not_listed'}`, {
            domain: check.domain,
          })}
        </Alert>
      )}
    </Form>
  )
}

/** A network by its hash (or an address typed here, hashed by the server), for a while. */
function BlockNetworkForm({ network }: { network: string }) {
  const { t } = useTranslation()
  const form = useForm<{ network: string; duration: NetworkBlockDuration; reason: string }>({
    network,
    duration: '24h',
    reason: '',
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(urlFor('moderation.rules.networks.store'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="card card-body shadow-sm mb-3"
      data-testid="block-network-form"
    >
      <Row className="g-3">
        <Col md={5}>
          <FormField
            {...bindText(form, 'network')}
            id="block-network"
            label={t('page.moderation.rules.networks.network')}
            hint={t('page.moderation.rules.networks.hint')}
            autoComplete="off"
          />
        </Col>
        <Col md={3}>
          <Form.Group className="mb-3" controlId="block-network-duration">
            <Form.Label>{t('page.moderation.rules.networks.duration')}</Form.Label>
            <Form.Select
              name="duration"
              value={form.data.duration}
              isInvalid={Boolean(form.errors.duration)}
              onChange={(event) =>
                form.setData('duration', event.target.value as NetworkBlockDuration)
              }
            >
              {NETWORK_BLOCK_DURATIONS.map((duration) => (
                <option key={duration} value={duration}>
                  {t(`page.moderation.rules.durations.${duration}`)}
                </option>
              ))}
            </Form.Select>
            {form.errors.duration && (
              <Form.Control.Feedback type="invalid">{form.errors.duration}</Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col md={4}>
          <FormField
            {...bindText(form, 'reason')}
            id="block-network-reason"
            label={t('page.moderation.rules.reason')}
          />
        </Col>
      </Row>
      <Button
        type="submit"
        variant="danger"
        className="align-self-start"
        disabled={form.processing}
      >
        {t('page.moderation.rules.networks.block')}
      </Button>
    </Form>
  )
}
