#!/usr/bin/env node
/**
 * The house's measures a newcomer pays for, printed the same way before and
 * after a redesign: how much of `app` the services are, the files over 300
 * lines, controller actions over 15 lines, the places that announce a
 * petition's change by hand, row locks, mail sends, and timers and process
 * caches among the use cases.
 *
 *   node tools/house_measures.mjs
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const LONGEST_FILE = 300
const LONGEST_ACTION = 15

/** Every .ts and .tsx file under `folder`. */
function sources(folder) {
  const found = []
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name)
    if (statSync(join(root, path)).isDirectory()) found.push(...sources(path))
    else if (/\.tsx?$/.test(name)) found.push(path)
  }
  return found
}

const read = (path) => readFileSync(join(root, path), 'utf8')
/** Lines as `wc -l` counts them. */
const lines = (path) => read(path).split('\n').length - (read(path).endsWith('\n') ? 1 : 0)
const app = sources('app')
const inertia = sources('inertia')

const appLines = app.reduce((sum, path) => sum + lines(path), 0)
const services = app.filter((path) => path.startsWith('app/services/'))
const serviceLines = services.reduce((sum, path) => sum + lines(path), 0)
console.log(
  `app: ${appLines} lines in ${app.length} files; app/services: ${serviceLines} lines in ${services.length} files (${Math.round((100 * serviceLines) / appLines)} %)`
)

const long = [...app, ...inertia]
  .map((path) => [path, lines(path)])
  .filter(([, count]) => count > LONGEST_FILE)
  .sort(([, a], [, b]) => b - a)
console.log(`files over ${LONGEST_FILE} lines: ${long.length}`)
for (const [path, count] of long) console.log(`  ${count}  ${path}`)

/** A controller's actions: each `async name(` or `name(` method at two spaces, to its closing brace. */
let actions = 0
const longActions = []
for (const path of app.filter((file) => file.startsWith('app/controllers/'))) {
  const text = read(path).split('\n')
  for (let index = 0; index < text.length; index++) {
    const start = /^ {2}(?:async )?(\w+)\(/.exec(text[index])
    if (!start || start[1] === 'constructor') continue
    let end = index
    while (end < text.length && !/^ {2}\}/.test(text[end])) end++
    actions++
    const length = end - index - 1
    if (length > LONGEST_ACTION) longActions.push([`${path}#${start[1]}`, length])
  }
}
longActions.sort(([, a], [, b]) => b - a)
console.log(`controller actions: ${actions}, over ${LONGEST_ACTION} lines: ${longActions.length}`)
for (const [name, length] of longActions.slice(0, 10)) console.log(`  ${length}  ${name}`)

/** Lines of `files` matching `pattern`, outside `except`. */
function sites(files, pattern, except = () => false) {
  return files.flatMap((path) =>
    except(path)
      ? []
      : read(path)
          .split('\n')
          .flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}`] : []))
  )
}
const report = (title, found) => {
  const files = new Set(found.map((site) => site.split(':')[0]))
  console.log(`${title}: ${found.length} in ${files.size} files`)
}
report(
  'PetitionChanged announced by hand',
  sites(
    app,
    /PetitionChanged\.(dispatch|announce|afterCommit|signaturesAfterCommit|countsAfterCommit)\(/,
    (path) => path.startsWith('app/events/') || path === 'app/models/petition_changes.ts'
  )
)
report('row locks (forUpdate)', sites(app, /\.forUpdate\(/))
report('mail.send', sites(app, /\bmail\.send(Later)?\(/))
report('sendCompiled', sites(app, /\.sendCompiled\(/))
report(
  'timers in app/services',
  sites(services, /\b(setInterval|setTimeout)\(/)
)
// Module-level state a service keeps between requests: every copy a process keeps goes through app/runtime/caches.
report(
  'process caches in app/services',
  sites(services, /^(let |const \w+ = new Map\b)|\bnew (ExpiringCopies|ProcessCache)\b/)
)
console.log(`(read ${relative(process.cwd(), root) || '.'})`)
