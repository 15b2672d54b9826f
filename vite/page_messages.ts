import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Each page's translations as a chunk of their own, per language: the
 * browser loads only the messages the page can show, not all eight files
 * of its language (80 KB of text, most of it for other pages).
 *
 * What a page can show is read from its sources: every file it imports, at
 * any depth (lazy imports too), plus the app's entry, and every key written
 * in them: a whole key (`'page.home.title'`), a group (`'page.faq'`: every
 * key under it), or the written start of a key completed at run time
 * (`` `page.topics.${topic}` ``: every key that starts so). A key whose
 * start is only its file (`` `page.${name}` ``) would take the whole file,
 * so the build refuses it.
 *
 *   virtual:page-messages            loadPageMessages(locale, page)
 *   virtual:page-messages/<locale>   the page → chunk index of one language
 *   virtual:page-messages/<locale>/<page>   the messages of one page
 */
const PUBLIC_ID = 'virtual:page-messages'
const ID = '\0page-messages'

/** Keys a file names: whole keys or groups (`page.home`), and starts of keys (`page.topics.`). */
type Scan = { mtime: number; imports: string[]; keys: Set<string>; starts: Set<string> }

export default function pageMessages(root: string): Plugin {
  const langRoot = join(root, 'resources', 'lang')
  const pagesRoot = join(root, 'inertia', 'pages')
  const entry = join(root, 'inertia', 'app.tsx')
  const aliases = packageImports(root)
  const scans = new Map<string, Scan>()

  const locales = () =>
    readdirSync(langRoot).filter((name) => statSync(join(langRoot, name)).isDirectory())
  const namespaces = () =>
    readdirSync(join(langRoot, 'en'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
  const pages = () =>
    readdirSync(pagesRoot, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .map((file) =>
        file
          .replace(/\.tsx$/, '')
          .split('\\')
          .join('/')
      )
      .sort()

  function resolveImport(from: string, specifier: string) {
    let base: string | null = null
    if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
    else if (specifier.startsWith('~/')) base = join(root, 'inertia', specifier.slice(2))
    else if (specifier.startsWith('@app/')) base = join(root, 'app', specifier.slice(5))
    else if (specifier.startsWith('#')) base = aliases(specifier)
    if (!base) return null
    const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')]
    candidates.push(`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'))
    return (
      candidates.find(
        (file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()
      ) ?? null
    )
  }

  function scan(file: string, keyPattern: RegExp, computed: RegExp): Scan {
    const mtime = statSync(file).mtimeMs
    const known = scans.get(file)
    if (known && known.mtime === mtime) return known
    const source = readFileSync(file, 'utf8')
    const where = relative(root, file)
    const loose = source.match(computed)
    if (loose) {
      throw new Error(
        `${where}: the translation key "${loose[0]}…" computes its section; write its first two parts out (page.home.${'${'}name})`
      )
    }
    const imports = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)]
      .map((match) => resolveImport(file, match[1]))
      .filter((path): path is string => path !== null)
    const keys = new Set<string>()
    const starts = new Set<string>()
    for (const [, key, completed] of source.matchAll(keyPattern)) {
      if (completed || key.endsWith('.')) starts.add(key)
      else keys.add(key)
    }
    const result = { mtime, imports, keys, starts }
    scans.set(file, result)
    return result
  }

  /** The keys and starts of keys of every file a page (or the entry) reaches. */
  function keysOf(files: string[]) {
    const names = namespaces().join('|')
    const keyPattern = new RegExp(
      `(?<![\\w.$/-])((?:${names})\\.[A-Za-z0-9_][A-Za-z0-9_.]*)(\\$\\{)?`,
      'g'
    )
    const computed = new RegExp(`(?<![\\w.$/-])(?:${names})\\.\\$\\{`)
    const seen = new Set<string>()
    const keys = new Set<string>()
    const starts = new Set<string>()
    const pending = [...files]
    while (pending.length) {
      const file = pending.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      const result = scan(file, keyPattern, computed)
      result.keys.forEach((key) => keys.add(key))
      result.starts.forEach((start) => starts.add(start))
      pending.push(...result.imports)
    }
    return { keys, starts: [...starts] }
  }

  function messagesOf(locale: string, page: string) {
    const { keys, starts } = keysOf([join(pagesRoot, `${page}.tsx`), entry])
    const wanted = (key: string) => {
      if (keys.has(key) || starts.some((start) => key.startsWith(start))) return true
      // A group: 'page.faq' names every key under it.
      for (let end = key.lastIndexOf('.'); end > 0; end = key.lastIndexOf('.', end - 1))
        if (keys.has(key.slice(0, end))) return true
      return false
    }
    const messages: Record<string, string> = {}
    for (const namespace of namespaces()) {
      const file = join(langRoot, locale, `${namespace}.json`)
      if (!existsSync(file)) continue
      flatten(namespace, JSON.parse(readFileSync(file, 'utf8')), (key, message) => {
        if (wanted(key)) messages[key] = message
      })
    }
    return messages
  }

  return {
    name: 'undersign:page-messages',
    resolveId(id) {
      // Resolved as \0page-messages:en:Home:Main, which names its chunk.
      if (id === PUBLIC_ID || id.startsWith(`${PUBLIC_ID}/`))
        return ID + id.slice(PUBLIC_ID.length).replaceAll('/', ':')
    },
    load(id) {
      if (!id.startsWith(ID)) return
      const [locale, ...page] = id.slice(ID.length + 1).split(':')
      if (!locale) {
        const indexes = locales().map(
          (each) =>
            `${JSON.stringify(each)}: () => import(${JSON.stringify(`${PUBLIC_ID}/${each}`)})`
        )
        return [
          `const indexes = {${indexes.join(',')}}`,
          'export async function loadPageMessages(locale, page) {',
          '  const index = indexes[locale] && (await indexes[locale]()).default',
          '  const load = index && index[page]',
          '  return load ? (await load()).default : null',
          '}',
        ].join('\n')
      }
      if (page.length === 0) {
        const entries = pages().map(
          (each) =>
            `${JSON.stringify(each)}: () => import(${JSON.stringify(`${PUBLIC_ID}/${locale}/${each}`)})`
        )
        return `export default {${entries.join(',')}}`
      }
      const messages = JSON.stringify(messagesOf(locale, page.join('/')))
      return `export default JSON.parse(${JSON.stringify(messages)})`
    },
    // The dev server reads the messages again after any change to a source or a translation.
    hotUpdate({ file }) {
      if (!/\.(tsx?|json)$/.test(file)) return
      const graph = this.environment.moduleGraph
      for (const module of graph.idToModuleMap.values()) {
        if (module.id?.startsWith(ID)) graph.invalidateModule(module)
      }
    },
  }
}

function flatten(prefix: string, value: unknown, add: (key: string, message: string) => void) {
  if (typeof value === 'string') add(prefix, value)
  else if (value && typeof value === 'object')
    for (const [key, nested] of Object.entries(value)) flatten(`${prefix}.${key}`, nested, add)
}

/** `#shared/x` → app/shared/x.ts, from package.json's "imports". */
function packageImports(root: string) {
  const imports: Record<string, string> =
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {}
  return (specifier: string) => {
    for (const [pattern, target] of Object.entries(imports)) {
      const prefix = pattern.replace(/\*$/, '')
      if (pattern.endsWith('*') && specifier.startsWith(prefix))
        return join(root, target.replace('*', specifier.slice(prefix.length)))
    }
    return null
  }
}
