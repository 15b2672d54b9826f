/*
|--------------------------------------------------------------------------
| Ace entry point
|--------------------------------------------------------------------------
|
| Run it through npm scripts (`npm run ace -- <command>`) so that the Node 24
| pinned in devDependencies is used. ts-exec compiles TypeScript on the fly.
|
*/
import '@poppinss/ts-exec'

await import('./bin/console.js')
