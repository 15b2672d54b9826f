import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/inertia'
import viteConfig from '#config/vite'

/**
 * The built assets' version, which Inertia compares with the one a visitor's
 * page was built with: a hash of the build's manifest, taken once at start.
 * Left to Inertia, it hashes the manifest again on every request. Outside
 * production (the dev server, tests), Inertia's own default applies.
 */
function builtAssetsVersion() {
  if (!app.inProduction) return undefined
  try {
    const manifest = readFileSync(app.makePath(viteConfig.manifestFile))
    return createHash('md5').update(manifest).digest('hex')
  } catch {
    return undefined
  }
}

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  encryptHistory: false,
  assetsVersion: builtAssetsVersion(),
  ssr: {
    enabled: true,
    entrypoint: 'inertia/ssr.tsx',
  },
})

export default inertiaConfig
