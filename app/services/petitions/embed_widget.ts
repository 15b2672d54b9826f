import type Petition from '#models/petition'
import { site } from '#config/site'
import type { Locale } from '#app/i18n/locales'
import { petitionUrl } from '#services/petitions/sharing'
import { countLines, petitionProgress } from '#shared/petitions/progress'
import { formatPercent } from '#shared/numbers'
import { WIDGET_SOURCE, withSource } from '#shared/signature_sources'

/** The translator of the asking language's site. */
type Translate = (key: string, values?: Record<string, unknown>) => string

/**
 * What the widget other sites frame shows (`petition/embed.edge`): the
 * title, supporters towards the goal said as the petition's page says them
 * (with online + paper and the opposition apart, when there are), and a
 * link to sign on the same language's site, or "closed".
 */
export function embedWidget(petition: Petition, locale: Locale, t: Translate) {
  const counts = { ...petitionProgress(petition), allowOpposite: petition.allowOpposite }
  const [goal, ...details] = countLines({
    ...counts,
    targetSignatures: petition.targetSignatures,
    identityRequired: petition.identityRequired,
  })
  return {
    lang: locale,
    title: petition.title,
    // Signatures it brings are counted as the widget's.
    url: withSource(petitionUrl(petition.slug, locale), WIDGET_SOURCE),
    siteName: site.name,
    barPercent: Math.min(100, counts.percentage),
    supportCount: counts.supportCount,
    open: petition.isOpenForSigning,
    texts: {
      count: t(goal.key, goal.values),
      details: details.map((line) => t(line.key, line.values)),
      progress: t('page.petition_card.progress_target', {
        percentage: formatPercent(locale, counts.percentage),
      }),
      sign: t('page.embed.sign'),
      newTab: t('page.embed.new_tab'),
      closed: t('page.embed.closed'),
      onSite: t('page.embed.on_site', { site: site.name }),
    },
  }
}
