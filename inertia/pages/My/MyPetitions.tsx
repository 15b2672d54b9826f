import { useRef, useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import {
  Alert,
  Button,
  Card,
  Col,
  Container,
  OverlayTrigger,
  Row,
  Spinner,
  Tooltip,
} from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import { failureMessage, uploadFile } from '~/lib/upload.ts'
import AppLayout from '~/layouts/app_layout.tsx'
import Pagination from '~/components/pagination.tsx'
import OwnerBadge from '~/components/petition/owner_badge.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import type { Data } from '@generated/data'
import type { Paginated } from '@app/shared/pagination.ts'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import BannerLink from '~/components/petition/banner_link.tsx'
import SignaturesBar from '~/components/petition/signatures_bar.tsx'
import PetitionCount from '~/components/petition/show/petition_count.tsx'

function ProfileHeader({ user, petitionsCount }: { user: Data.User; petitionsCount: number }) {
  const { t, locale } = useTranslation()
  const fileInput = useRef<HTMLInputElement>(null)
  const [avatar, setAvatar] = useState(user.avatar)
  const [uploading, setUploading] = useState(false)
  const resend = useForm({})
  const registered = user.createdAt ? formatDate(locale, user.createdAt) : ''

  const upload = async (file: File) => {
    setUploading(true)
    try {
      const data = await uploadFile<{ avatar: string; message?: string }>(urlFor('my.avatar'), file)
      setAvatar(data.avatar)
      showToast('success', data.message || t('page.my.upload_success_default'))
      // The header's menu shows the avatar too: refresh the shared user.
      router.reload({ only: ['user'] })
    } catch (error) {
      showToast('error', failureMessage(error, t, 'page.my.upload_failed_default'))
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <Card className="shadow-sm mb-5" data-testid="profile-header">
      <Card.Body className="p-4">
        <Row className="align-items-center gy-4">
          <Col md="auto" className="text-center">
            <img
              src={avatar}
              alt={user.firstName}
              className="profile-avatar rounded-circle border"
              data-testid="profile-avatar"
            />
            <div className="mt-3">
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg"
                hidden
                data-testid="avatar-input"
                onChange={(event) => event.target.files?.[0] && upload(event.target.files[0])}
              />
              <Button
                variant="outline-primary"
                size="sm"
                disabled={uploading}
                onClick={() => fileInput.current?.click()}
              >
                {uploading && <Spinner animation="border" size="sm" className="me-2" />}
                {t('page.my.upload_photo')}
              </Button>
            </div>
            <Link
              route="my.account"
              className="btn btn-link btn-sm mt-2"
              data-testid="account-settings-link"
            >
              {t('page.account.settings_link')}
            </Link>
          </Col>
          <Col>
            <h1 className="h3 fw-bold mb-3">
              {user.firstName} {user.lastName}
              {user.nickName && <span className="text-muted fw-normal"> ({user.nickName})</span>}
            </h1>
            <dl className="row mb-0">
              <dt className="col-sm-4">{t('page.my.email')}</dt>
              <dd className="col-sm-8">{user.email}</dd>
              <dt className="col-sm-4">{t('page.my.signatures')}</dt>
              <dd className="col-sm-8">{user.signatures}</dd>
              <dt className="col-sm-4">{t('page.my.petitions')}</dt>
              <dd className="col-sm-8">{petitionsCount}</dd>
              <dt className="col-sm-4">{t('page.my.registered')}</dt>
              <dd className="col-sm-8">{registered}</dd>
              <dt className="col-sm-4">{t('page.my.verified')}</dt>
              <dd className="col-sm-8" data-testid="verified">
                {user.role === 0 ? (
                  <>
                    {t('page.my.no')}{' '}
                    <OverlayTrigger
                      placement="top"
                      overlay={<Tooltip>{t('page.my.not_verified')}</Tooltip>}
                    >
                      <Button
                        size="sm"
                        variant="warning"
                        disabled={resend.processing}
                        onClick={() =>
                          resend.post(urlFor('auth.verify.resend'), { preserveScroll: true })
                        }
                      >
                        {t('page.my.verify_now')}
                      </Button>
                    </OverlayTrigger>
                  </>
                ) : (
                  t('page.my.yes')
                )}
              </dd>
            </dl>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  )
}

type MyPetitionsProps = { petitions: Paginated<Data.MyPetition> }

export default function MyPetitions({ petitions }: MyPetitionsProps) {
  const { t, locale } = useTranslation()
  const { user } = useSharedProps()
  if (!user) return null

  return (
    <AppLayout title={t('page.my.title')} path={urlFor('my.petitions')} noindex>
      <Container className="page-section">
        <ProfileHeader user={user} petitionsCount={petitions?.total ?? 0} />
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
          <div>
            <h2 className="fw-bold">{t('page.my.list_title')}</h2>
            <p className="text-muted mb-0">{t('page.my.list_text')}</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Link route="my.signatures" className="btn btn-outline-secondary">
              {t('common.nav.my_signatures')}
            </Link>
            <Link route="petitions.create" className="btn btn-primary">
              {t('page.my.create_petition')}
            </Link>
          </div>
        </div>
        {petitions.data.length === 0 ? (
          <Alert variant="warning" data-testid="no-petitions">
            {t('page.my.empty')}
          </Alert>
        ) : (
          <Row xs={1} md={2} className="g-4">
            {petitions.data.map((petition) => (
              <Col key={petition.guid}>
                <Card className="h-100 shadow-sm" data-testid="my-petition-card">
                  <BannerLink petition={petition} height={200} note={t('page.my.no_banner')} />
                  <Card.Body>
                    <Card.Title as="h3" className="h5">
                      <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
                        {petition.title}
                      </Link>
                    </Card.Title>
                    <p className="small text-muted">{petition.target}</p>
                    {petition.hiddenReason !== null && (
                      <Alert
                        variant="secondary"
                        className="small"
                        data-testid="hidden-by-moderators"
                      >
                        <strong>{t('page.my.hidden_by_moderators')}</strong>{' '}
                        {t(`common.hide_reasons.${petition.hiddenReason}`)}
                      </Alert>
                    )}
                    <div className="d-flex justify-content-between align-items-center small">
                      <OwnerBadge owner={petition.user} />
                      <span className="text-muted">
                        {formatDate(locale, petition.created, { dateStyle: 'medium' })}
                      </span>
                    </div>
                    <div className="mt-3">
                      <SignaturesBar petition={petition} />
                      <PetitionCount
                        petition={petition}
                        className="small fw-semibold mt-2 mb-0"
                        detailClassName="small text-muted mb-0"
                        testId="my-petition-count"
                      />
                    </div>
                    <div className="d-flex flex-wrap gap-2 mt-3">
                      <Link
                        route="petitions.signatures.index"
                        routeParams={{ guid: petition.guid }}
                        className="btn btn-sm btn-primary"
                        data-testid="manage-signatures"
                      >
                        {t('page.my.manage_signatures')}
                      </Link>
                      <Link
                        route="petitions.edit"
                        routeParams={{ guid: petition.guid }}
                        className="btn btn-sm btn-outline-secondary"
                      >
                        {t('page.my.edit')}
                      </Link>
                      <Link
                        route="petitions.webhooks.index"
                        routeParams={{ guid: petition.guid }}
                        className="btn btn-sm btn-outline-secondary"
                        data-testid="manage-webhooks"
                      >
                        {t('webhooks.tools.link')}
                      </Link>
                    </div>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
        )}
        <Pagination links={petitions.links} />
      </Container>
    </AppLayout>
  )
}
