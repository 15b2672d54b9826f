/*
|--------------------------------------------------------------------------
| Other processes' changes
|--------------------------------------------------------------------------
|
| With Redis, every web process, on this machine or another, hears the
| petition changes the others make and forgets its cached copies of them
| at once (runtime/caches/changes_across_processes); a stopping process
| tells what it gathered before Redis is closed. On a channel of their own,
| they drop their snapshot of the signing rules when a moderator changes
| them (runtime/caches/rules_across_processes). Web processes listen; every
| process, a command's too (it saves petitions and counts), tells what it
| changed. A process that was cut off from Redis missed what was told
| meanwhile: once it hears again, it drops every copy and the rules'
| snapshot.
|
*/
import app from '@adonisjs/core/services/app'
import {
  afterMissedChanges,
  hearOtherProcesses,
  stopTellingOtherProcesses,
} from '#runtime/caches/changes_across_processes'
import { forgetAllCachedCopies } from '#runtime/caches/process_caches'
import { hearRulesChanges } from '#runtime/caches/rules_across_processes'

if (app.getEnvironment() === 'web') {
  app.ready(() => {
    hearOtherProcesses()
    // The moderators' rules against signing attacks, changed in another process.
    hearRulesChanges()
    // Every copy a change forgets, the rules' snapshot included.
    afterMissedChanges(forgetAllCachedCopies)
  })
}
app.terminating(() => stopTellingOtherProcesses())
