/*
| Preloaded (NODE_OPTIONS=--import) into the processes of the built app by
| the shipped suite. In a process that runs from build/ (the server, its
| migrations), every file read through node:fs outside build/, node_modules/
| and tmp/ is a file of the sources that the production bundle lacks: its
| path is appended to SOURCE_READS_LOG. The suite fails when the log is not
| empty. Processes elsewhere (`npm start` itself, which hashes the sources)
| are left alone.
*/
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { isAbsolute, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('../../../', import.meta.url)))
const buildDir = join(root, 'build')
const logFile = process.env.SOURCE_READS_LOG
const allowed = [buildDir, join(root, 'node_modules'), join(root, 'tmp')]

const inside = (path, folder) => path === folder || path.startsWith(folder + sep)

function pathOf(target) {
  if (typeof target === 'number') return null
  if (target instanceof URL) return fileURLToPath(target)
  const text = Buffer.isBuffer(target) ? target.toString() : target
  if (typeof text !== 'string') return null
  return isAbsolute(text) ? text : resolve(process.cwd(), text)
}

const { appendFileSync } = fs

function record(target) {
  const path = pathOf(target)
  if (!path || !inside(path, root) || allowed.some((folder) => inside(path, folder))) return
  appendFileSync(logFile, `${path}\n`)
}

function watch(owner, name) {
  const original = owner[name]
  if (typeof original !== 'function') return
  owner[name] = function (target, ...rest) {
    record(target)
    return original.call(this, target, ...rest)
  }
}

if (logFile && inside(resolve(process.cwd()), buildDir)) {
  const reads = ['readFile', 'readFileSync', 'createReadStream', 'open', 'openSync', 'readdir']
  for (const name of [...reads, 'readdirSync', 'opendir', 'opendirSync']) watch(fs, name)
  for (const name of ['readFile', 'open', 'readdir', 'opendir']) watch(fs.promises, name)
  // `import { readFileSync } from 'node:fs'` sees the watched functions too.
  syncBuiltinESMExports()
}
