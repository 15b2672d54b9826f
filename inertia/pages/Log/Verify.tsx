import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { urlFor } from '~/client.ts'

/** Checks a signer's receipt in the browser against the signed transparency log. */
export default function Verify() {
  return (
    <AppLayout title="Verify" path={urlFor('log.verify')}>
      <Container className="page-section" />
    </AppLayout>
  )
}
