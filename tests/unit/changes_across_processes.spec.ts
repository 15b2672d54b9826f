import { test } from '@japa/runner'
import { changeFromMessage, messageOf } from '#runtime/caches/changes_across_processes'

test.group('Petition changes told to the other processes', () => {
  test('a change another process published is heard as it was told', ({ assert }) => {
    const told = JSON.parse(messageOf({ petitionIds: [4, 9], countsMoved: true }))
    const fromAnother = JSON.stringify({ ...told, origin: 'another-process' })
    assert.deepEqual(changeFromMessage(fromAnother), { petitionIds: [4, 9], countsMoved: true })
  })

  test('a process ignores its own changes: it forgot them when it made them', ({ assert }) => {
    assert.isNull(changeFromMessage(messageOf({ petitionIds: [4], countsMoved: false })))
  })

  test('a message that is not a change is ignored, and ids are whole numbers only', ({
    assert,
  }) => {
    assert.isNull(changeFromMessage('not json'))
    assert.isNull(changeFromMessage(JSON.stringify({ origin: 'x' })))
    assert.deepEqual(
      changeFromMessage(JSON.stringify({ origin: 'x', petitionIds: [1, '2', 3.5, null, 7] })),
      { petitionIds: [1, 7], countsMoved: false }
    )
  })
})
