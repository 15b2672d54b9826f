/**
 * One area of the API as the OpenAPI document describes it: its paths
 * (OpenAPI 3.1 Path Item objects, keyed by the path with `{param}`s) and
 * the schemas they refer to as `#/components/schemas/<Name>`, and the
 * webhooks it sends. Each area
 * lives in `paths/<area>.ts`; `document.ts` puts them together.
 */
export type ApiArea = {
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, unknown>>
  schemas?: Record<string, Record<string, unknown>>
  /** What the site sends (OpenAPI 3.1's `webhooks`: Path Item objects keyed by event type). */
  webhooks?: Record<string, Record<string, unknown>>
}
