import { Link, usePage } from '@inertiajs/react'
import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap'
import LanguageMenu from './language_menu.tsx'
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

/** The shared header. */
export default function Header() {
  const { t } = useTranslation()
  const { user, appName } = useSharedProps()
  const { url, component } = usePage()

  return (
    <Navbar
      expand="lg"
      bg="white"
      className="border-bottom shadow-sm sticky-top d-print-none"
      collapseOnSelect
    >
      <Container>
        <Navbar.Brand
          as={Link}
          href={urlFor('home')}
          className="fw-bold text-primary d-flex align-items-center gap-2"
        >
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {appName}
        </Navbar.Brand>
        <div className="d-flex align-items-center order-lg-last">
          <Nav className="flex-row me-2">
            <LanguageMenu />
          </Nav>
          <Navbar.Toggle aria-controls="main-nav" aria-label={t('common.nav.toggle_menu')} />
        </div>
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto" as="ul">
            {NAV_ITEMS.map((item) => {
              const active = isCurrent(url, component, item.href, item.exact)
              return (
                <Nav.Item as="li" key={item.href}>
                  <Nav.Link
                    as={Link}
                    href={item.href}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                  >
                    {t(item.key)}
                  </Nav.Link>
                </Nav.Item>
              )
            })}
          </Nav>
          <Nav>
            {user ? (
              <NavDropdown
                id="user-menu"
                align="end"
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
                <NavDropdown.Item as={Link} href={urlFor('my.petitions')}>
                  {t('common.nav.my_petitions')}
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} href={urlFor('my.signatures')}>
                  {t('common.nav.my_signatures')}
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} href={urlFor('my.account')}>
                  {t('common.nav.my_account')}
                </NavDropdown.Item>
                {user.role === MODERATOR_ROLE && (
                  <NavDropdown.Item as={Link} href={urlFor('moderation.queue')}>
                    {t('common.nav.moderation')}
                  </NavDropdown.Item>
                )}
                <NavDropdown.Divider />
                <NavDropdown.Item as={LogoutButton} data-testid="logout">
                  {t('common.nav.logout')}
                </NavDropdown.Item>
              </NavDropdown>
            ) : (
              <Nav.Link
                as={Link}
                href={urlFor('auth.login')}
                active={url.startsWith(urlFor('auth.login'))}
              >
                {t('common.nav.sign_in')}
              </Nav.Link>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  )
}
