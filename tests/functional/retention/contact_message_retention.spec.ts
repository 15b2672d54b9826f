import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import ContactMessage from '#models/contact_message'
import PruneContactMessagesJob from '#jobs/prune_contact_messages_job'
import { outbox } from '#tests/helpers/outbox'
import { restoreClock, setClock } from '#tests/helpers/clock'

const START = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

/** A contact message written at `instant`. */
async function contactMessageAt(instant: DateTime, subject: string) {
  setClock(instant)
  return ContactMessage.create({
    userId: null,
    name: 'Marta Ruiz',
    email: 'marta@example.com',
    subject,
    message: 'How do I deliver the signatures to my city council?',
    locale: 'es',
  })
}

async function runContactPruningAt(instant: DateTime) {
  setClock(instant)
  await new PruneContactMessagesJob().execute()
  return (await ContactMessage.query().orderBy('id')).map((message) => message.subject)
}

test.group('Contact messages: deleted 12 months after they were written', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
    return () => restoreClock()
  })

  test('each message goes on its own day, 12 months after it was written; running again changes nothing', async ({
    assert,
  }) => {
    await contactMessageAt(START, 'first')
    await contactMessageAt(START.plus({ months: 6 }), 'second')

    assert.deepEqual(await runContactPruningAt(START.plus({ months: 11, days: 29 })), [
      'first',
      'second',
    ])
    assert.deepEqual(await runContactPruningAt(START.plus({ months: 12 }).minus({ hours: 1 })), [
      'first',
      'second',
    ])
    assert.deepEqual(await runContactPruningAt(START.plus({ months: 12, hours: 1 })), ['second'])
    assert.deepEqual(await runContactPruningAt(START.plus({ months: 12, days: 1 })), ['second'])
    assert.deepEqual(await runContactPruningAt(START.plus({ months: 18, hours: 1 })), [])
    assert.deepEqual(await runContactPruningAt(START.plus({ months: 19 })), [])
  })
})
