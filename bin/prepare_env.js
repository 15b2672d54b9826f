/*
|--------------------------------------------------------------------------
| .env for a fresh clone
|--------------------------------------------------------------------------
|
| Creates .env from .env.example with a generated APP_KEY when there is none
| (or gives an existing .env an APP_KEY). Used by `npm start` and `npm run dev`.
|
*/
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export function prepareEnv(root = resolve(fileURLToPath(new URL('../', import.meta.url)))) {
  const envFile = join(root, '.env')
  const appKey = () => randomBytes(32).toString('base64url')
  if (!existsSync(envFile)) {
    const example = readFileSync(join(root, '.env.example'), 'utf8')
    writeFileSync(envFile, example.replace(/^APP_KEY=.*$/m, `APP_KEY=${appKey()}`))
    return 'created .env from .env.example with a new APP_KEY'
  }
  const current = readFileSync(envFile, 'utf8')
  if (/^APP_KEY=\S+/m.test(current)) return null
  writeFileSync(envFile, /^APP_KEY=/m.test(current) ? current.replace(/^APP_KEY=.*$/m, `APP_KEY=${appKey()}`) : `${current}\nAPP_KEY=${appKey()}\n`)
  return 'generated APP_KEY in .env'
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const done = prepareEnv()
  if (done) console.log(`[env] ${done}`)
}
