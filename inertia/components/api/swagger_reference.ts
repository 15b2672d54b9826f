import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'
import './api_reference.css'

/**
 * Swagger UI (swagger-ui-dist: its own bundle, React included, loaded only
 * on this page) rendering the OpenAPI document into `element`. Without
 * deep links (an anchor inside each operation's button is a control within
 * a control), without the validator badge (an image from another host), and
 * with examples as plain text (its highlighting colours fail WCAG contrast).
 */
export function renderReference(element: HTMLElement, url: string, serverLabel: string) {
  SwaggerUIBundle({
    domNode: element,
    url,
    deepLinking: false,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    syntaxHighlight: { activated: false },
    plugins: [() => ({ wrapComponents: { Servers: labelledServers(serverLabel) } })],
  })
}

/** The servers' select with a label: Swagger UI gives it only a caption. */
function labelledServers(label: string) {
  return (
    Original: (props: Record<string, unknown>) => unknown,
    { React }: { React: { createElement: (...args: unknown[]) => unknown } }
  ) =>
    function LabelledServers(props: Record<string, unknown>) {
      return React.createElement(
        'div',
        null,
        React.createElement('label', { htmlFor: 'servers', className: 'visually-hidden' }, label),
        React.createElement(Original, props)
      )
    }
}
