/*
|--------------------------------------------------------------------------
| HTTP server entry point
|--------------------------------------------------------------------------
*/
import 'reflect-metadata'
import cluster from 'node:cluster'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { isMailWorker } from '#support/mail_worker'
import { isWebhookWorker } from '#support/webhook_worker'
import { serverWithOwnSocket } from './own_listening_socket.js'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

/**
 * Worker processes sharing the port (`npm start` sets one per core; `ace serve`
 * in development keeps a single process). Without WEB_CONCURRENCY above 1, this
 * process is the server itself.
 */
const workerCount = Number(process.env.WEB_CONCURRENCY) || 1

if (cluster.isPrimary && workerCount > 1) {
  const { supervise } = await import('./supervisor.js')
  supervise(workerCount)
} else if (isMailWorker() || isWebhookWorker()) {
  // The supervisor's mail worker (app/support/mail_worker.ts) or webhook worker
  // (app/support/webhook_worker.ts): no HTTP server, one command.
  new Ignitor(APP_ROOT, { importer: IMPORTER })
    .tap((app) => {
      app.booting(async () => {
        await import('#start/env')
      })
      const terminate = () => app.terminate().then(() => cluster.worker?.disconnect())
      app.listen('SIGTERM', terminate)
      app.listen('SIGINT', terminate)
    })
    .ace()
    .handle([isMailWorker() ? 'signature-mails:send' : 'webhooks:send'])
    .catch((error) => {
      process.exitCode = 1
      prettyPrintError(error)
    })
} else {
  new Ignitor(APP_ROOT, { importer: IMPORTER })
    .tap((app) => {
      app.booting(async () => {
        await import('#start/env')
      })
      // Both drain the requests in flight and flush the counters before exiting. A
      // worker then lets go of its channel to the supervisor, which would keep it alive.
      const terminate = () => app.terminate().then(() => cluster.worker?.disconnect())
      app.listen('SIGTERM', terminate)
      app.listenIf(app.managedByPm2 || cluster.isWorker, 'SIGINT', terminate)
    })
    .httpServer()
    .start(serverWithOwnSocket)
    .catch((error) => {
      process.exitCode = 1
      prettyPrintError(error)
    })
}
