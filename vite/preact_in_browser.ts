import type { Plugin } from 'vite'

/**
 * In the browser, React is Preact (its compat layer): the same components,
 * hooks and libraries (Inertia, react-bootstrap) at a sixth of react-dom's
 * weight, which alone was half of a page's script budget. The server keeps
 * React: its render (react-dom/server) is what every page's HTML is, and
 * Preact takes that HTML over in the browser. The site's code and the
 * libraries keep importing `react`; only the browser's bundle (built or
 * served in development, pre-bundled dependencies included) maps the names.
 */
const BROWSER_REACT: Record<string, string> = {
  'react': 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

export default function preactInBrowser(): Plugin {
  return {
    name: 'undersign:preact-in-browser',
    enforce: 'pre',
    // The dependencies Vite pre-bundles for the browser in development.
    config: () => ({
      environments: {
        client: {
          optimizeDeps: {
            rolldownOptions: {
              plugins: [
                {
                  name: 'undersign:preact-in-browser-deps',
                  resolveId(source, importer, options) {
                    const target = BROWSER_REACT[source]
                    if (target)
                      return this.resolve(target, importer, { ...options, skipSelf: true })
                  },
                },
              ],
            },
          },
        },
      },
    }),
    // React's Fast Refresh cannot redraw Preact's components: an edited
    // module of the browser's code reloads the page in development instead.
    hotUpdate({ file }) {
      if (this.environment.name !== 'client' || !/[\\/]inertia[\\/].*\.tsx?$/.test(file)) return
      this.environment.hot.send({ type: 'full-reload' })
      return []
    },
    async resolveId(source, importer, options) {
      const target = BROWSER_REACT[source]
      if (!target || options.ssr || this.environment.name !== 'client') return
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}
