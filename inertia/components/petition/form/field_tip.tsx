import type { ReactNode } from 'react'
import { Col, Row } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/** The fields that come with a tip: page.petition_guide.{field}_tip(_heading). */
export type TippedField = 'title' | 'target' | 'description'

/** The id of a field's tip, for the field's aria-describedby. */
export const tipId = (field: TippedField) => `tip-${field}`

/**
 * A field with a short tip on what makes it good: beside it on wide
 * screens, under it on phones. The field names the tip as its description.
 */
export default function WithTip({ field, children }: { field: TippedField; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Row className="gx-4 align-items-start">
      <Col md={8}>{children}</Col>
      <Col md={4}>
        <div className="form-tip mb-3 mt-md-4" id={tipId(field)} data-testid={tipId(field)}>
          <p className="fw-semibold mb-1">{t(`page.petition_guide.${field}_tip_heading`)}</p>
          <p className="small mb-0">{t(`page.petition_guide.${field}_tip`)}</p>
        </div>
      </Col>
    </Row>
  )
}
