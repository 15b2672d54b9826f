/*
| The webhook runs' receiver (bench/run.js): a process of its own on
| 127.0.0.1, answering every POST with 200, as a real receiver would from
| another machine. It runs niced like the site's background worker (5), so
| that on the benchmark's shared cores it takes what the web workers and
| autocannon leave, as a receiver elsewhere would take nothing of them; its
| own CPU time is reported apart. Keeps connections open as a Node server
| does by default. `GET /count` answers what it received so far:
| `{"total": n, "lastAt": <ms since the epoch of the last POST>}`.
|
|   node bench/webhook_receiver.js <port>
*/
import { createServer } from 'node:http'

const port = Number(process.argv[2] ?? 3502)
let total = 0
let lastAt = 0

createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/count') {
    response.writeHead(200, { 'content-type': 'application/json' })
    return response.end(JSON.stringify({ total, lastAt }))
  }
  request.resume()
  request.on('end', () => {
    total++
    lastAt = Date.now()
    response.writeHead(200).end()
  })
}).listen(port, '127.0.0.1', () => process.send?.('listening'))
