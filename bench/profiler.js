/*
| Loaded into every process of the app under `npm run bench -- --profile`
| (NODE_OPTIONS=--import): SIGUSR2 starts a CPU profile of the process and
| the next SIGUSR2 stops it and writes it to
| $BENCH_PROFILE_DIR/<label>.<pid>.cpuprofile, where the label is read from
| $BENCH_PROFILE_DIR/label at that moment. The bench brackets each run with
| the two signals, so a profile holds that run and nothing else; the app
| itself knows nothing of it.
*/
import { readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'

const directory = process.env.BENCH_PROFILE_DIR
if (directory) {
  let session = null
  process.on('SIGUSR2', async () => {
    if (!session) {
      session = new Session()
      session.connect()
      await session.post('Profiler.enable')
      // 200 µs between samples: fine enough for functions of a few microseconds.
      await session.post('Profiler.setSamplingInterval', { interval: 200 })
      await session.post('Profiler.start')
      return
    }
    const current = session
    session = null
    const { profile } = await current.post('Profiler.stop')
    current.disconnect()
    const label = readFileSync(join(directory, 'label'), 'utf8').trim()
    writeFileSync(join(directory, `${label}.${process.pid}.cpuprofile`), JSON.stringify(profile))
  })
}
