/** oidc-provider ships no types: the little the tests' provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
  }
}
