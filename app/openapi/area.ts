/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) or any other object of the document. */
export type ApiObject = Record<string, unknown>

/**
 * One area of the API as the OpenAPI document describes it: its paths
 * (OpenAPI 3.1 Path Item objects, keyed by the path with `{param}`s) and
 * the schemas they refer to as `#/components/schemas/<Name>`, and the
 * webhooks it sends. Each area lives in `paths/<area>.ts` (a large one's
 * schemas and examples in `schemas/<area>.ts`) and is listed once in
 * `document.ts`, which puts them together and refuses a path, a schema, a
 * webhook or a tag that two areas both describe.
 */
export type ApiArea = {
  tags: { name: string; description: string }[]
  paths: Record<string, ApiObject>
  schemas?: Record<string, ApiObject>
  /** What the site sends (OpenAPI 3.1's `webhooks`: Path Item objects keyed by event type). */
  webhooks?: Record<string, ApiObject>
}
