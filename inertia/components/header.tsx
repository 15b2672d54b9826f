import { Link, usePage } from '@inertiajs/react'
import LanguageMenu from './language_menu.tsx'
import NavMenu from './nav_menu.tsx'
import NavbarCollapse, { useNavbarCollapse } from './navbar_collapse.tsx'
import LogoutButton from './auth/logout_button.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { MODERATOR_ROLE, useSharedProps } from '~/lib/shared.ts'
import { urlFor } from '~/client.ts'

const NAV_ITEMS = [
  { href: urlFor('home'), key: 'common.nav.home', exact: true },
  { href: urlFor('petitions.index'), key: 'common.nav.petitions', exact: false },
  { href: urlFor('contacts.show'), key: 'common.nav.contact', exact: true },
  { href: urlFor('faq'), key: 'common.nav.faq', exact: true },
]

/** The Petitions item stays current on every page of a petition (show, edit, signatures). */
function isCurrent(url: string, component: string, href: string, exact: boolean) {
  const path = url.split('?')[0]
  return exact ? path === href : path === href || component.startsWith('Petition/')
}

/**
 * The shared header: Bootstrap's navbar in its own markup (the classes
 * react-bootstrap's Navbar wrote), folded below lg behind its toggle.
 */
export default function Header() {
  const { t } = useTranslation()
  const { user, appName } = useSharedProps()
  const { url, component } = usePage()
  const collapse = useNavbarCollapse('main-nav')

  return (
    <nav className="border-bottom shadow-sm sticky-top d-print-none navbar navbar-expand-lg navbar-light bg-white">
      <div className="container">
        <Link
          href={urlFor('home')}
          className="fw-bold text-primary d-flex align-items-center gap-2 navbar-brand"
        >
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {appName}
        </Link>
        <div className="d-flex align-items-center order-lg-last">
          <div className="flex-row me-2 navbar-nav">
            <LanguageMenu />
          </div>
          <button
            type="button"
            className={`navbar-toggler${collapse.expanded ? '' : ' collapsed'}`}
            aria-controls="main-nav"
            aria-expanded={collapse.expanded}
            aria-label={t('common.nav.toggle_menu')}
            onClick={() => collapse.toggle()}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        <NavbarCollapse collapse={collapse}>
          <ul className="me-auto navbar-nav">
            {NAV_ITEMS.map((item) => {
              const active = isCurrent(url, component, item.href, item.exact)
              return (
                <li className="nav-item" key={item.href}>
                  <Link
                    href={item.href}
                    className={`nav-link${active ? ' active' : ''}`}
                    aria-current={active ? 'page' : undefined}
                  >
                    {t(item.key)}
                  </Link>
                </li>
              )
            })}
          </ul>
          <div className="navbar-nav">
            {user ? (
              <NavMenu
                id="user-menu"
                data-testid="user-menu"
                title={
                  <span className="d-inline-flex align-items-center gap-2">
                    <img
                      src={user.avatar}
                      alt=""
                      width="28"
                      height="28"
                      className="rounded-circle object-fit-cover"
                    />
                    {t('common.nav.hi', { firstName: user.firstName })}
                  </span>
                }
              >
                <Link className="dropdown-item" href={urlFor('my.petitions')}>
                  {t('common.nav.my_petitions')}
                </Link>
                <Link className="dropdown-item" href={urlFor('my.signatures')}>
                  {t('common.nav.my_signatures')}
                </Link>
                <Link className="dropdown-item" href={urlFor('my.account')}>
                  {t('common.nav.my_account')}
                </Link>
                {user.role === MODERATOR_ROLE && (
                  <Link className="dropdown-item" href={urlFor('moderation.queue')}>
                    {t('common.nav.moderation')}
                  </Link>
                )}
                <hr className="dropdown-divider" role="separator" />
                <LogoutButton className="dropdown-item" data-testid="logout">
                  {t('common.nav.logout')}
                </LogoutButton>
              </NavMenu>
            ) : (
              <Link
                href={urlFor('auth.login')}
                className={`nav-link${url.startsWith(urlFor('auth.login')) ? ' active' : ''}`}
              >
                {t('common.nav.sign_in')}
              </Link>
            )}
          </div>
        </NavbarCollapse>
      </div>
    </nav>
  )
}
