/*
|--------------------------------------------------------------------------
| Test runner entry point
|--------------------------------------------------------------------------
*/
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'

const APP_ROOT = new URL('../', import.meta.url)

// With DRIVE_DISK=s3, an S3 server and its bucket before the app reads its settings.
if (process.env.DRIVE_DISK === 's3') {
  const { prepareSuiteS3 } = await import('../tests/helpers/s3_server.js')
  await prepareSuiteS3()
}

/**
 * `npm test` without a suite runs every suite but the cluster's, which needs
 * PostgreSQL, Redis, nginx and an S3 server from the machine (`.ci/run`
 * starts them and runs it by name: `npm test -- cluster`).
 */
const NAMED_ONLY = ['cluster']

function withDefaultSuites(args: string[], suites: Array<{ name: string }>) {
  const names = suites.map((suite) => suite.name)
  if (args.some((arg) => names.includes(arg))) return args
  return [...names.filter((name) => !NAMED_ONLY.includes(name)), ...args]
}

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(withDefaultSuites(process.argv.splice(2), app.rcFile.tests.suites))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate()]),
      },
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
