import { test } from '@japa/runner'
import {
  addMonths,
  closingDateBounds,
  closingMomentOf,
  daysUntil,
  isCalendarDate,
  lastOpenDay,
} from '#shared/petitions/closing'

const at = (iso: string) => Date.parse(iso)

test.group('Closing dates: calendar days in UTC', () => {
  test('the bounds run from tomorrow to the same day 12 months on, whatever the hour', ({
    assert,
  }) => {
    assert.deepEqual(closingDateBounds(at('2031-03-10T00:00:00Z')), {
      min: '2031-03-11',
      max: '2032-03-10',
    })
    assert.deepEqual(closingDateBounds(at('2031-03-10T23:59:59Z')), {
      min: '2031-03-11',
      max: '2032-03-10',
    })
    assert.deepEqual(closingDateBounds(at('2031-12-31T12:00:00Z')), {
      min: '2032-01-01',
      max: '2032-12-31',
    })
    // A day the next year lacks becomes that month's last day.
    assert.deepEqual(closingDateBounds(at('2032-02-29T12:00:00Z')).max, '2033-02-28')
    assert.equal(addMonths('2031-08-31', 1), '2031-09-30')
  })

  test('only real days written YYYY-MM-DD are dates', ({ assert }) => {
    for (const day of ['2031-03-10', '2032-02-29']) assert.isTrue(isCalendarDate(day), day)
    for (const text of ['2031-02-29', '2031-13-01', '2031-3-10', '10.03.2031', '', '0999-01-01']) {
      assert.isFalse(isCalendarDate(text), text)
    }
  })

  test('open until the end of a day: it closes at the next midnight, which names that day back', ({
    assert,
  }) => {
    assert.equal(closingMomentOf('2031-03-31').toISOString(), '2031-04-01T00:00:00.000Z')
    assert.equal(lastOpenDay('2031-04-01T00:00:00.000Z'), '2031-03-31')
    assert.equal(lastOpenDay('2031-04-01T15:30:00.000Z'), '2031-04-01')
    assert.equal(daysUntil('2031-03-10', at('2031-03-10T23:00:00Z')), 0)
    assert.equal(daysUntil('2031-03-11', at('2031-03-10T23:00:00Z')), 1)
    assert.equal(daysUntil('2031-04-09', at('2031-03-10T00:30:00Z')), 30)
  })
})
