import { test } from '@japa/runner'
import { SUMMARY_LENGTH, summaryOf } from '#app/petitions/summary'

test.group('A petition summary', () => {
  test('a short text stays whole, on one line', ({ assert }) => {
    assert.equal(summaryOf('Save the park.\n\nPlease  sign.'), 'Save the park. Please sign.')
    assert.equal(summaryOf(''), '')
  })

  test('a long text is cut after a whole word, with an ellipsis', ({ assert }) => {
    const text = 'word, '.repeat(60)
    const summary = summaryOf(text)
    assert.isAtMost(summary.length, SUMMARY_LENGTH)
    assert.match(summary, /^(word, )+word…$/)
  })

  test('a cut never splits a character outside the basic plane', ({ assert }) => {
    const summary = summaryOf('🌳'.repeat(200))
    assert.lengthOf([...summary], SUMMARY_LENGTH)
    assert.notMatch(summary, /[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u)
  })
})
