import NavMenu from './nav_menu.tsx'
import Flag from './flag.tsx'
import { LOCALES, type Locale } from '@app/i18n/locales.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import { languageHref } from '~/lib/language_href.ts'
import { handOverTo } from '~/lib/language_hand_over.ts'

/** The header's flag dropdown: each entry links to {lang}.{domain} and switches in place. */
export default function LanguageMenu() {
  const { locale, t, switchLocale } = useTranslation()
  const { general, appUrl, user } = useSharedProps()

  const choose = async (event: React.MouseEvent, next: Locale) => {
    event.preventDefault()
    // The same page, logged in there too, where each language's site keeps its own session.
    const here = window.location.pathname + window.location.search
    if (user && general.sessionPerSite && next !== locale && (await handOverTo(next, here))) return
    await switchLocale(next, general.domain)
  }

  return (
    <NavMenu
      id="language-menu"
      title={<Flag locale={locale} />}
      aria-label={t('common.nav.language')}
      data-testid="language-menu"
    >
      {LOCALES.map((entry) => (
        <a
          key={entry}
          href={languageHref(entry, appUrl, general.domain)}
          className={`dropdown-item${entry === locale ? ' active' : ''}`}
          lang={entry}
          data-locale={entry}
          onClick={(event) => void choose(event, entry)}
        >
          <Flag locale={entry} className="me-2" /> {t(`common.languages.${entry}`)}
        </a>
      ))}
    </NavMenu>
  )
}
