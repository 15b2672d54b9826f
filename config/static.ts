import { sep } from 'node:path'
import { defineConfig } from '@adonisjs/static'

/** How long browsers keep a file whose name carries its content's hash: for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Configuration options to tweak the static files middleware.
 * The complete set of options are documented on the
 * official documentation website.
 *
 * https://docs.adonisjs.com/guides/static-assets
 */
const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  // The bundle's files (public/assets) have their content's hash in their
  // name: browsers keep them for a year. Anything else is checked each time.
  headers: (path) => (path.includes(`${sep}assets${sep}`) ? { 'Cache-Control': IMMUTABLE } : {}),
})

export default staticServerConfig
