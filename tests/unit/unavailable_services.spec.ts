import { test } from '@japa/runner'
import { errors as driveErrors } from 'flydrive'
import { isServiceUnavailable } from '#support/unavailable_services'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
const named = (message: string, name: string) => Object.assign(new Error(message), { name })

test.group('Servers the site depends on, away', () => {
  test('PostgreSQL restarting, refusing or cut mid-query, Redis away and the bucket unreachable are a 503', ({
    assert,
  }) => {
    const away = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      named('Knex: Timeout acquiring a connection. The pool is probably full.', 'KnexTimeoutError'),
      named('Reached the max retries per request limit (which is 1).', 'MaxRetriesPerRequestError'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      // Drive wraps the S3 client's error, which wraps Node's.
      new driveErrors.E_CANNOT_WRITE_FILE(['petitions/x.jpg'], {
        cause: new Error('socket', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
      }),
      new AggregateError([withCode('connect ECONNREFUSED ::1:6379', 'ECONNREFUSED')], 'refused'),
    ]
    for (const error of away) assert.isTrue(isServiceUnavailable(error), error.message)
  })

  test('a fault of the request or of the app is not', ({ assert }) => {
    const faults = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "FROM"', '42601'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new driveErrors.E_CANNOT_READ_FILE(['missing.jpg'], {
        cause: named('NoSuchKey', 'NoSuchKey'),
      }),
      null,
      'a string',
    ]
    for (const error of faults) assert.isFalse(isServiceUnavailable(error), String(error))
  })
})
