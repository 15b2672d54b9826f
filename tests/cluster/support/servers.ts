import { spawn, type ChildProcess } from 'node:child_process'
import { createConnection } from 'node:net'
import { openSync, readFileSync } from 'node:fs'

/** Resolves once something accepts connections on `port`; fails after `timeoutMs`. */
export async function listening(
  port: number,
  child: ChildProcess,
  log: string,
  timeoutMs = 30_000
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `${child.spawnfile} exited (${child.exitCode}):\n${readFileSync(log, 'utf8')}`
      )
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${child.spawnfile} did not listen on ${port}:\n${readFileSync(log, 'utf8')}`)
}

/** A server program of the machine, its output in `log`, answering on `port`. */
export async function startServer(command: string, args: string[], port: number, log: string) {
  const output = openSync(log, 'a')
  const child = spawn(command, args, { stdio: ['ignore', output, output] })
  child.on('error', () => {})
  await listening(port, child, log)
  return child
}

/** A Redis server of its own, in memory only. */
export function startRedis(port: number, log: string) {
  return startServer(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    port,
    log
  )
}
