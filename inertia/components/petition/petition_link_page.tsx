import type { ReactNode } from 'react'
import MailedLinkPage, { type MailedLinkPageProps } from '~/components/mailed_link_page.tsx'
import Flash from '~/components/flash.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type PetitionLinkPageProps = Omit<MailedLinkPageProps, 'back' | 'invalid' | 'summary'> & {
  /** The petition's slug while it is public: the way back goes to it, else to the list. */
  petitionSlug: string | null | undefined
  /** What an invalid link says; it then offers the list of petitions. */
  invalid: { text: string; testId: string }
  /** Above the prompt: the petition the link is about, by its title, and what it says of it. */
  about?: { testId: string; title: string; children: ReactNode } | null | false
}

/**
 * The page of a link mailed about a petition (to confirm or withdraw a
 * signature, to stop its news or its mails to a decision maker): the
 * messages of a refused post above the card, and a way back to the
 * petition, or to the list of petitions when it is not public.
 */
export default function PetitionLinkPage({
  petitionSlug,
  invalid,
  about,
  children,
  ...page
}: PetitionLinkPageProps) {
  const { t } = useTranslation()
  const list = urlFor('petitions.index')
  return (
    <MailedLinkPage
      {...page}
      summary={
        about && (
          <div className="mb-4" data-testid={about.testId}>
            <h2 className="h4">{about.title}</h2>
            {about.children}
          </div>
        )
      }
      invalid={{ ...invalid, link: { href: list, label: t('page.sign.see_petitions') } }}
      back={{
        href: petitionSlug ? urlFor('petitions.show', { slug: petitionSlug }) : list,
        label: t('page.sign.back_to_petition'),
      }}
    >
      <Flash at="form" />
      {children}
    </MailedLinkPage>
  )
}
