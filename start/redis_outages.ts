/*
|--------------------------------------------------------------------------
| Redis outages
|--------------------------------------------------------------------------
|
| Every Redis connection of the app (members' sessions, rate limits, the
| queue, the messages between processes) stops queueing commands while it
| has lost its server, so that requests answer at once without it; it
| reconnects by itself (config/redis.ts) and queues again once it is back.
|
*/
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { watchRedisOutages } from '#support/redis_outages'

if (env.get('REDIS_HOST')) {
  for (const connection of Object.values(redis.activeConnections)) {
    if (connection && 'ioConnection' in connection) watchRedisOutages(connection.ioConnection)
  }
  redis.on('connection', (connection) => {
    if ('ioConnection' in connection) watchRedisOutages(connection.ioConnection as never)
  })
}
