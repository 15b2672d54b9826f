import { test } from '@japa/runner'
import {
  isSubstantive,
  lettersAsText,
  sameLetters,
  wordChanges,
  wordsOf,
} from '#shared/petitions/text_changes'

const words = (count: number, word = 'park') => Array.from({ length: count }, () => word).join(' ')

test.group('Versions: the substantive rule', () => {
  test('a new title or target is always substantive, whatever the description', ({ assert }) => {
    const unchanged = { previousWords: 100, changedWords: 0 }
    assert.isTrue(isSubstantive({ titleChanged: true, targetChanged: false, ...unchanged }))
    assert.isTrue(isSubstantive({ titleChanged: false, targetChanged: true, ...unchanged }))
    assert.isFalse(isSubstantive({ titleChanged: false, targetChanged: false, ...unchanged }))
  })

  test('a description is substantive above 10 % of its previous words changed, and above two words', ({
    assert,
  }) => {
    const description = (previousWords: number, changedWords: number) =>
      isSubstantive({ titleChanged: false, targetChanged: false, previousWords, changedWords })
    assert.isFalse(description(100, 10))
    assert.isTrue(description(100, 11))
    // A one-word typo (one word out, one in) is never substantive, even in a short text.
    assert.isFalse(description(5, 2))
    assert.isTrue(description(5, 3))
    // A first description written where there was none.
    assert.isTrue(description(0, 3))
  })

  test('words are counted by diffWords: a typo is one out and one in, punctuation no word', ({
    assert,
  }) => {
    assert.equal(wordsOf('The park, our green heart — 2 hectares!'), 7)
    assert.deepEqual(wordChanges('Save teh park now.', 'Save the park now.'), {
      previousWords: 4,
      added: 1,
      removed: 1,
    })
    const before = words(50)
    const rewritten = `${words(25)} ${words(25, 'parking')}`
    const { added, removed, previousWords } = wordChanges(before, rewritten)
    assert.equal(previousWords, 50)
    assert.equal(added, 25)
    assert.equal(removed, 25)
  })

  test('letters read as text with their recipients, never an address', ({ assert }) => {
    const letters = [
      {
        id: 1,
        payload: 'Dear council,\nkeep the park.',
        recipients: [
          { name: 'Ivan Petrenko', designation: 'Mayor' },
          { name: 'Olha', designation: '' },
        ],
      },
    ]
    assert.equal(
      lettersAsText(letters),
      'Dear council,\nkeep the park.\nIvan Petrenko, Mayor\nOlha'
    )
    assert.isTrue(sameLetters(letters, [{ ...letters[0], id: 7 }]))
    assert.isFalse(sameLetters(letters, [{ ...letters[0], payload: 'Dear council' }]))
  })
})
