import { test } from '@japa/runner'
import { existsSync, readFileSync } from 'node:fs'
import { ESLint } from 'eslint'

const ROOTS = ['app/', 'start/', 'config/', 'providers/', 'patches/', 'bin/', 'database/', 'tests/']
/** Paths the map writes from inside app/ (`services/petitions/page_data`). */
const APP_FOLDERS = ['services/', 'support/', 'shared/', 'models/', 'runtime/', 'controllers/']
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs']

/** The code paths `docs/architecture.md` names in backquotes, with the line of each. */
function pathsInTheMap() {
  const lines = readFileSync('docs/architecture.md', 'utf8').split('\n')
  return lines.flatMap((line, index) =>
    [...line.matchAll(/`([a-z_./-]+\/[a-z_./-]*)`/g)]
      .map(([, path]) => path.replace(/[.,]$/, ''))
      .filter((path) => [...ROOTS, ...APP_FOLDERS].some((root) => path.startsWith(root)))
      .map((path) => ({ path, line: index + 1 }))
  )
}

function exists(path: string) {
  const bases = ROOTS.some((root) => path.startsWith(root)) ? [path] : [`app/${path}`]
  return bases.some((base) => EXTENSIONS.some((extension) => existsSync(base + extension)))
}

test.group('House rules', () => {
  test('every file and folder the architecture map names exists', ({ assert }) => {
    const named = pathsInTheMap()
    assert.isAbove(named.length, 50, 'the map names the code it describes')
    const missing = named.filter(({ path }) => !exists(path))
    assert.deepEqual(
      missing.map(({ path, line }) => `docs/architecture.md:${line} ${path}`),
      [],
      'paths the map names that are not in the tree'
    )
  })

  test('the lint refuses an import against the layers', async ({ assert }) => {
    const eslint = new ESLint()
    const refused = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(`${code}\nexport const used = imported\n`, {
        filePath,
      })
      return result.messages.some((message) => message.ruleId?.endsWith('no-restricted-imports'))
    }
    const cases: Array<[string, string, boolean]> = [
      ['app/models/any.ts', "import imported from '#services/petitions/page_data'", true],
      ['app/runtime/any.ts', "import imported from '#services/petitions/page_data'", true],
      ['app/runtime/any.ts', "import imported from '#models/petition'", false],
      ['app/services/any/one.ts', "import imported from '#runtime/signatures/counter'", false],
      ['app/services/any/one.ts', "import imported from '#controllers/petitions_controller'", true],
      ['app/controllers/any.ts', "import imported from '#listeners/forget_cached_copies'", true],
      ['app/jobs/any.ts', "import imported from '#app/runtime/signatures/counter'", true],
      ['app/controllers/any.ts', "import imported from '#app/i18n/locales'", false],
      ['app/services/any/one.ts', "import imported from '@adonisjs/mail/services/main'", true],
      [
        'app/runtime/mail/mail_delivery.ts',
        "import imported from '@adonisjs/mail/services/main'",
        false,
      ],
      ['app/support/any.ts', "import imported from '../models/petition.js'", true],
    ]
    for (const [filePath, code, expected] of cases) {
      assert.equal(await refused(filePath, code), expected, `${filePath}: ${code}`)
    }
  }).timeout(60_000)
})
