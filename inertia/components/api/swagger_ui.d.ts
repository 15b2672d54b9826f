/** The part of swagger-ui-dist's browser bundle the API docs page uses (it ships no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  type Component = (props: Record<string, unknown>) => unknown
  type System = {
    React: { createElement: (type: unknown, props: unknown, ...children: unknown[]) => unknown }
  }
  type Plugin = () => {
    wrapComponents?: Record<string, (original: Component, system: System) => Component>
  }
  type Options = {
    domNode: HTMLElement
    url: string
    deepLinking?: boolean
    validatorUrl?: string | null
    docExpansion?: 'list' | 'full' | 'none'
    defaultModelsExpandDepth?: number
    displayOperationId?: boolean
    syntaxHighlight?: { activated: boolean }
    plugins?: Plugin[]
  }
  const SwaggerUIBundle: (options: Options) => unknown
  export default SwaggerUIBundle
}
