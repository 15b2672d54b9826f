/*
|--------------------------------------------------------------------------
| npm run bench:log
|--------------------------------------------------------------------------
|
| The transparency log's cost where it is paid: in the signature counter's
| flush. On the production build with SQLite (PostgreSQL with BENCH_DB=pg),
| the log is grown to BENCH_LEAVES leaves (default 1,000,000), then flushes
| of 1, 100 and 1,000 confirmed signatures are timed (median of 20), with
| the log's share of each: the append of as many leaves. Signing and the
| petition page do not touch the log at all.
|
*/
import { join } from 'node:path'
import { buildDir, log, prepare, root, run, startSmtpSink, stopAll } from './lib.js'

const LEAVES = Number(process.env.BENCH_LEAVES ?? 1_000_000)
const sink = await startSmtpSink()
const appEnv = await prepare(join(root, 'tmp', 'bench', 'log'), sink.port)
log(`growing the log to ${LEAVES.toLocaleString('en')} leaves, then timing flushes…`)
const output = run(['ace.js', 'bench:log-flush', `--leaves=${LEAVES}`], {
  cwd: buildDir,
  env: appEnv,
})
const figures = JSON.parse(output.match(/BENCH_LOG=(.*)/)[1])
log(
  `log of ${figures.leaves.toLocaleString('en')} leaves grown in ${figures.growSeconds.toFixed(1)} s ` +
    `(${Math.round(figures.leaves / figures.growSeconds).toLocaleString('en')} leaves/s)`
)
console.log('\n| signatures in the flush | flush (median) | of which the log (median) | the log per signature |')
console.log('|---|---|---|---|')
for (const { signatures, flushMs, logAppendMs } of figures.results) {
  const perSignature = ((logAppendMs * 1000) / signatures).toFixed(0)
  console.log(
    `| ${signatures.toLocaleString('en')} | ${flushMs.toFixed(1)} ms | ${logAppendMs.toFixed(1)} ms | ${perSignature} µs |`
  )
}
sink.close?.()
stopAll()
