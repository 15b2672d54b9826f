/**
 * Shapes of the props the server sends to pages, shared by the
 * server (which builds them) and the client bundle (which reads them). Types
 * only: no runtime imports, so both sides can use this file.
 */
import type { Locale } from '../i18n/locales.ts'

export type AlertKind = 'error' | 'success' | 'info' | 'warning'

export type Alerts = Record<AlertKind, string | null>

export type Messages = Alerts & { errors: string[] }

export type SwalMessage = { title: string | null; payload: string }

export type Swal = Partial<Record<AlertKind, SwalMessage>>

/** The signed-in member, as their own pages see them. */
export type CurrentUser = {
  id: number
  firstName: string
  lastName: string | null
  nickName: string | null
  email: string
  avatar: string
  signatures: number
  createdAt: string | null
  role: number
}

export type SharedProps = {
  appName: string
  appUrl: string
  appLocale: Locale
  user: CurrentUser | null
  general: { domain: string }
  messages: Messages
  alerts: Alerts
  swal: Swal
  xUserName: string | null
  errors: Record<string, string>
}

/** A paginator as the pagination component reads it. */
export type PaginationLink = { active: boolean; url: string | null; label: string }

export type Paginator<Item> = {
  data: Item[]
  links: PaginationLink[]
  path: string
  total: number
}

export type PetitionCard = {
  guid: string
  slug: string
  title: string
  target: string
  bannerUrl: string | null
  targetSignatures: number
  totalSignatures: number
  percentage: number
  positivePercentage: number
  negativePercentage: number
  allowOpposite: boolean
  created: string
  user: { avatar: string; firstName: string; lastName: string | null }
}

export type HomeProps = { successfulPetitions: PetitionCard[] }
export type PetitionListProps = { petitions: Paginator<PetitionCard> }
export type ContactsProps = { turnstileKey: string | null; contactEmail: string }
/** Auth/Login: the bot check shows when the server asks for it. */
export type LoginProps = { turnstileKey: string | null; botCheckRequired: boolean }
export type RegistrationProps = { turnstileKey: string | null }
export type StaticPageProps = { contactEmail: string }
/** The statuses with a translated error page. */
export type ErrorStatus = 400 | 403 | 404 | 413 | 419 | 429 | 500
export type ErrorStatusProps = { status: ErrorStatus }

/** The My petitions list item. */
export type MyPetitionItem = {
  guid: string
  slug: string
  bannerUrl: string | null
  title: string
  target: string
  created: string
  user: { avatar: string; firstName: string; lastName: string | null }
}

export type MyPetitionsProps = { petitions: Paginator<MyPetitionItem> }
export type PasswordResetProps = { token: string; email: string }

/** A media slot of the create form. */
export type MediaProps = {
  id: number
  url: string | null
  type: string
  driver: string
  title: string | null
  description: string | null
}

/** The petition as the create/edit form holds it. */
export type PetitionFormData = {
  guid: string
  slug: string | null
  title: string
  target: string
  description: string
  banner: MediaProps | null
  photos: Array<MediaProps | null>
  videos: Array<{ id?: number; title: string; url: string; description: string }>
  letters: Array<{
    id?: number
    payload: string
    recipients: Array<{ name: string; payload: string }>
  }>
  updates: Array<{ id?: number; title: string; createdAt: string; description: string }>
  customFields: Array<{
    id?: number
    type: 'text' | 'string' | 'number'
    title: string
    description: string
    required: boolean
  }>
  published: boolean
  finished: boolean
  allowComments: boolean
  allowOpposite: boolean
  private: boolean
  targetSignatures: number
}

export type PetitionCreateProps = {
  petition: PetitionFormData
  /** The creation date when editing an existing petition; null for a new one. */
  petitionCreated: string | null
  bannerTemplates: Record<string, string>
  turnstileKey: string | null
}

/** A custom field as the sign form renders it. */
export type SignCustomField = {
  id: number
  type: 'text' | 'string' | 'number'
  title: string
  description: string | null
  required: boolean
}

/** One of the last signatures shown on the petition page. */
export type LastSignature = {
  id: number
  user: { avatar: string; firstName: string }
  createdAt: string
  comment: string | null
}

/** The petition as its public page reads it. */
export type PetitionShow = Omit<PetitionCard, 'user'> & {
  description: string
  banner: { url: string } | null
  allowComments: boolean
  finished: boolean
  published: boolean
  private: boolean
  user: { avatar: string; firstName: string; lastName: string | null }
  customFields: SignCustomField[]
  letters: Array<{
    id: number
    payload: string
    recipients: Array<{ name: string; payload: string }>
  }>
  videos: Array<{ id: number; url: string; title: string | null; description: string | null }>
  photos: Array<{ id: number; url: string; title: string | null; description: string | null }>
  updates: Array<{ id: number; title: string; description: string; createdAt: string }>
}

/** Petition/Show and its sign form. */
export type PetitionShowProps = {
  petition: PetitionShow
  lastSignatures: LastSignature[]
  /** When the viewer signed (ISO date), or null. */
  whenISignedThisPetition: string | null
  success: string | null
  canSignPetition: boolean
  canEditPetition: boolean
  turnstileKey: string | null
}

/** The page a mailed confirmation link opens. */
export type ConfirmSignatureProps = {
  /** Where the button posts: the signed link itself; null when the link is invalid or expired. */
  confirmUrl: string | null
  petition: { title: string; slug: string } | null
  alreadyConfirmed: boolean
}

/** The page a mailed newsletter link opens: a button that confirms or ends the subscription. */
export type SubscriptionConfirmProps = {
  intent: 'subscribe' | 'unsubscribe'
  /** Where the button posts: the signed link itself; null when the link is invalid or expired. */
  actionUrl: string | null
  /** The subscription is already confirmed (or already ended). */
  alreadyDone: boolean
}

/** A row of the owner's signatures table: the signer's e-mail is for the owner only. */
export type ManagedSignature = {
  id: number
  active: boolean
  /** Signed anonymously: shown as Anonymous in public, named here. */
  private: boolean
  user: { avatar: string; firstName: string; lastName: string; email: string }
  comment: string | null
  /** Custom field id → answer. */
  customFieldsData: Record<string, string>
  score: number
  confirmedAt: string | null
  createdAt: string
}

/** The petition as its signatures page shows it. */
export type ManagedPetition = {
  guid: string
  slug: string
  title: string
  allowComments: boolean
  allowOpposite: boolean
  targetSignatures: number
  /** The counters: confirmed, active signatures on each side. */
  supportCount: number
  opposeCount: number
}

/** Petition/Signatures. */
export type PetitionSignaturesProps = {
  petition: ManagedPetition
  signatures: Paginator<ManagedSignature>
  /** Custom field id → title, one table column each. */
  customFieldsColumns: Record<string, string>
  /** For the export's plain form POST, which cannot send the X-XSRF-TOKEN header. */
  csrfToken: string
}
