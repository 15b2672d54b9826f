/*
|--------------------------------------------------------------------------
| Other processes' changes
|--------------------------------------------------------------------------
|
| With Redis, every web process, on this machine or another, hears the
| petition changes the others make and forgets its cached copies of them
| at once (services/petitions/changes_across_processes); a stopping process
| tells what it gathered before Redis is closed.
|
*/
import app from '@adonisjs/core/services/app'
import {
  hearOtherProcesses,
  stopTellingOtherProcesses,
} from '#services/petitions/changes_across_processes'

app.ready(() => hearOtherProcesses())
app.terminating(() => stopTellingOtherProcesses())
