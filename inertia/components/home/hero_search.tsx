import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Form, InputGroup } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/** The hero's search: the petition list's own search (`q`), by its route; a plain GET without script. */
export default function HeroSearch() {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const action = urlFor('petitions.index')
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    router.get(action, q.trim() ? { q: q.trim() } : {})
  }
  return (
    <Form
      action={action}
      method="get"
      role="search"
      onSubmit={submit}
      className="hero-search mt-4"
      data-testid="home-search"
    >
      <Form.Label htmlFor="home-search-q" className="visually-hidden">
        {t('page.home.search_label')}
      </Form.Label>
      <InputGroup size="lg">
        <Form.Control
          id="home-search-q"
          type="search"
          name="q"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder={t('page.home.search_placeholder')}
          maxLength={200}
        />
        <Button type="submit" variant="light" className="fw-semibold border">
          {t('page.home.search_button')}
        </Button>
      </InputGroup>
    </Form>
  )
}
