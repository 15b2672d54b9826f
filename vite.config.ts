import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'
import purgeCssModule from '@fullhuman/postcss-purgecss'
import type { Plugin as PostCssPlugin } from 'postcss'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import pageMessages from './vite/page_messages.ts'
import preactInBrowser from './vite/preact_in_browser.ts'

// The package is CommonJS (module.exports is the plugin) but its types declare a default export.
const purgeCss = purgeCssModule as unknown as (typeof purgeCssModule)['default']

const REACT_BOOTSTRAP = 'node_modules/react-bootstrap/esm'

/**
 * The react-bootstrap files the site's code imports, with every file they
 * import in turn, and the Bootstrap class families those components write
 * (Card → card, card-body, …): react-bootstrap joins most of their classes
 * at run time (`${prefix}-item`), so a family in use stays whole.
 */
function reactBootstrapInUse() {
  const sources = readdirSync('inertia', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(join('inertia', file), 'utf8'))
  const pending = sources.flatMap((source) =>
    [...source.matchAll(/import\s*\{([^}]+)\}\s*from\s*'react-bootstrap'/g)].flatMap((match) =>
      match[1].split(',').map((name) => name.replace(/\btype\b/, '').trim())
    )
  )
  const files = new Set<string>()
  const families = new Set<string>()
  while (pending.length) {
    const name = pending.pop()!
    const file = join(REACT_BOOTSTRAP, `${name}.js`)
    if (!name || files.has(file)) continue
    files.add(file)
    const code = readFileSync(file, 'utf8')
    for (const match of code.matchAll(/from\s*'\.\/(\w+)(?:\.js)?'/g)) pending.push(match[1])
    for (const match of code.matchAll(
      /(?:useBootstrapPrefix\([^,]+,|createWithBsPrefix\()\s*'([a-z]+)/g
    ))
      families.add(match[1])
  }
  return { files: [...files], families: [...families] }
}

/**
 * Only the Bootstrap rules the site can use, in the production build: every
 * class and tag named in the pages, the layout, the react-bootstrap
 * components and the rich text a description may hold (the sanitizer's
 * allowed tags). react-bootstrap joins some classes from props at run time
 * (variant="primary" → btn-primary, md={6} → col-md-6): their families stay
 * whole.
 */
function bootstrapInUse(): PostCssPlugin {
  const reactBootstrap = reactBootstrapInUse()
  const purge = purgeCss({
    content: [
      'inertia/**/*.{ts,tsx}',
      'resources/views/**/*.edge',
      'app/support/html_sanitizer.ts',
      ...reactBootstrap.files,
    ],
    safelist: {
      standard: [
        new RegExp(`^(${reactBootstrap.families.join('|')})(-|$)`),
        /^(bg|text-bg|offset|order|g|gx|gy|valid|invalid)-/,
        /^(show|showing|hiding|collapse|collapsing|fade|active|disabled)$/,
      ],
    },
  }) as PostCssPlugin
  return {
    postcssPlugin: 'bootstrap-in-use',
    OnceExit(root, helpers) {
      if (!/node_modules\/bootstrap\//.test(root.source?.input.file ?? '')) return
      // The site has one colour mode: no page sets data-bs-theme="dark".
      root.walkRules(/\[data-bs-theme=dark\]/, (rule) => {
        const kept = rule.selectors.filter((selector) => !selector.includes('[data-bs-theme=dark]'))
        if (kept.length) rule.selectors = kept
        else rule.remove()
      })
      return (purge.OnceExit as NonNullable<PostCssPlugin['OnceExit']>)(root, helpers)
    },
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    preactInBrowser(),
    react(),
    pageMessages(import.meta.dirname),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      serverEntryPoints: ['inertia/ssr.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '@app/': `${import.meta.dirname}/app/`,
      '@generated': `${import.meta.dirname}/.adonisjs/client/`,
      '@lang/': `${import.meta.dirname}/resources/lang/`,
    },
  },
  // The dev server answers the site's language subdomains (es.localhost, and
  // es.undersign.test in tests); Vite refuses unknown hosts otherwise.
  server: {
    allowedHosts: [
      '.localhost',
      '.undersign.test',
      ...(process.env.APP_DOMAIN ? [`.${process.env.APP_DOMAIN}`] : []),
    ],
  },
  // Scan every page up front: no dependency is discovered late, so the dev
  // server never re-optimises and reloads a page in the middle of a visit.
  optimizeDeps: {
    entries: ['inertia/app.tsx', 'inertia/pages/**/*.tsx'],
  },
  css: {
    preprocessorOptions: { scss: { quietDeps: true } },
    postcss: { plugins: command === 'build' ? [bootstrapInUse()] : [] },
  },
}))
