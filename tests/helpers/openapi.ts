import { Ajv2020 } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import type { ApiDocument } from '#openapi/document'

/*
 * Reading the API's OpenAPI document in tests: its operations, and its
 * schemas compiled by ajv in JSON Schema 2020-12 (OpenAPI 3.1's dialect).
 */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** A router pattern as OpenAPI writes its path: `/petition/:slug.json` → `/petition/{slug}.json`. */
export function openApiPath(pattern: string) {
  return pattern.replace(/:([A-Za-z_]\w*)/g, '{$1}')
}

type Obj = Record<string, any>
export type Operation = { where: string; path: string; method: string; operation: Obj }

/** Every operation of the document's paths and webhooks, named by where it is. */
export function operationsOf(document: ApiDocument) {
  const operations: Operation[] = []
  const sections = [
    ['paths', document.paths],
    ['webhooks', (document as Obj).webhooks ?? {}],
  ] as const
  for (const [section, items] of sections) {
    for (const [path, item] of Object.entries(items as Obj)) {
      for (const method of HTTP_METHODS.filter((name) => name in item)) {
        const where = `${section} ${method.toUpperCase()} ${path}`
        operations.push({ where, path, method, operation: item[method] })
      }
    }
  }
  return operations
}

/** Each media type of an operation's request body and responses, with where it is. */
export function mediaTypesOf({ where, operation }: Operation) {
  const media: { where: string; status: string | null; type: string; content: Obj }[] = []
  for (const [type, content] of Object.entries<Obj>(operation.requestBody?.content ?? {})) {
    media.push({ where: `${where} request body ${type}`, status: null, type, content })
  }
  for (const [status, response] of Object.entries<Obj>(operation.responses ?? {})) {
    for (const [type, content] of Object.entries<Obj>(response.content ?? {})) {
      media.push({ where: `${where} ${status} ${type}`, status, type, content })
    }
  }
  return media
}

const SCHEMA_ID = 'urn:undersign:schema:'

/**
 * Compiles the document's schemas with ajv (2020-12, formats checked,
 * strict: an unknown keyword is an error, but OpenAPI's own) and gives a
 * validator for any schema of the document, its `#/components/schemas/*`
 * references resolved.
 */
export function schemaValidators(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true })
  ;(formats as unknown as (instance: Ajv2020) => void)(ajv)
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs'])
  const absolute = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${SCHEMA_ID}`))
  const names = Object.keys(document.components.schemas)
  for (const name of names) {
    ajv.addSchema({ ...absolute(document.components.schemas[name]), $id: `${SCHEMA_ID}${name}` })
  }
  // Each one compiles: an unknown keyword or a broken reference fails here.
  for (const name of names) ajv.getSchema(`${SCHEMA_ID}${name}`)
  return {
    validatorOf: (schema: unknown) => ajv.compile(absolute(schema)),
    errorsText: (errors: unknown) => ajv.errorsText(errors as any, { separator: '\n' }),
  }
}
