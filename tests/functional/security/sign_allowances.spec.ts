import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import redis from '@adonisjs/redis/services/main'
import { allowedRequests, rateLimits } from '#config/rate_limits'
import { limiterStore } from '#config/limiter'
import { sign } from '#tests/helpers/signatures'
import { outbox } from '#tests/helpers/outbox'
import { PetitionFactory } from '#database/factories/petition_factory'

/** The signs counted for the tests' client address (loopback), as the sign route counts them. */
async function signsFromAddress() {
  const rule = rateLimits.sign
  const counter = limiter.use({
    requests: allowedRequests('sign'),
    duration: rule.every,
    blockDuration: rule.blockFor,
  })
  return (await counter.get('sign_sign_127.0.0.1'))?.consumed ?? 0
}

/** The Redis commands sent while `work` runs (none where the limits are not kept in Redis). */
async function redisCommandsDuring(work: () => Promise<unknown>) {
  if (limiterStore !== 'redis') {
    await work()
    return []
  }
  const client = redis.connection().ioConnection
  const sent: string[] = []
  const send = client.sendCommand.bind(client)
  client.sendCommand = (command, ...rest) => {
    sent.push(command.name)
    return send(command, ...rest)
  }
  try {
    await work()
  } finally {
    client.sendCommand = send
  }
  return sent
}

test.group('Security: a sign takes its allowances together', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a sign refused for its e-mail uses nothing of its address’s allowance', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const perEmail = allowedRequests('signPerEmail')
    const before = await signsFromAddress()
    for (let attempt = 0; attempt < perEmail; attempt++) {
      const response = await sign(client, petition, { email: `olena+${attempt}@example.org` })
      assert.equal(response.status(), 302)
    }
    assert.equal(await signsFromAddress(), before + perEmail)
    const refused = await sign(client, petition, { email: 'Olena@Example.org' })
    assert.equal(refused.status(), 429)
    assert.equal(await signsFromAddress(), before + perEmail)
  })

  test('a form refused as invalid gives its e-mail’s sign back, not its address’s', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const perEmail = allowedRequests('signPerEmail')
    const before = await signsFromAddress()
    // More mistakes than the e-mail has signs: the signer still signs at last.
    for (let attempt = 0; attempt <= perEmail; attempt++) {
      const invalid = await sign(client, petition, { email: 'olena@example.org', country: 'XX' })
      assert.equal(invalid.status(), 302)
    }
    const signed = await sign(client, petition, { email: 'olena@example.org' })
    assert.equal(signed.status(), 302)
    assert.equal(await signsFromAddress(), before + perEmail + 2)
  })

  test('on Redis, a sign’s limits are one round trip, and its mail’s guard another', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const sent = await redisCommandsDuring(async () => {
      const response = await sign(client, petition, { email: 'maria@example.pt' })
      assert.equal(response.status(), 302)
      // The tests' queue is synchronous: the link was mailed before the answer.
      assert.lengthOf(await outbox.to('maria@example.pt'), 1)
    })
    const limits = sent.filter((name) =>
      /^(eval|evalsha|get|mget|incr|incrby|set|pttl|expire)$/.test(name)
    )
    assert.deepEqual(limits, limiterStore === 'redis' ? ['evalsha', 'evalsha'] : [])
  })
})
