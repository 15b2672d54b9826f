import { test } from '@japa/runner'
import fc from 'fast-check'
import { inspectInput, isReadableText } from '#support/input_inspection'

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code))

test.group('Input inspection', () => {
  test('well-formed text without NUL is readable, in any script', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) =>
        isReadableText(text.replaceAll('\u0000', ''))
      )
    )
  })

  test('a lone surrogate or a NUL anywhere makes text unreadable', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.oneof(loneSurrogate, fc.constant('\u0000')),
        fc.string(),
        (before, bad, after) => {
          // A high surrogate right before a low one would pair into a readable character.
          const text = `${before.replace(/[\ud800-\udbff]$/, '')}${bad}${after.replace(/^[\udc00-\udfff]/, '')}`
          return !isReadableText(text)
        }
      )
    )
  })

  test('each unreadable field is named by its dotted path, keys included', ({ assert }) => {
    const inspection = inspectInput({
      email: 'ok@example.com',
      letters: [{ payload: 'fine' }, { payload: 'bad\u0000', recipients: [{ name: '\ud800' }] }],
      ['key\udc00']: 'value',
      nested: { ['sub\u0000key']: 1 },
      targetSignatures: { toString: '' },
    })
    assert.deepEqual(inspection, {
      unreadableFields: [
        'input',
        'letters.1.payload',
        'letters.1.recipients.0.name',
        'nested',
        'targetSignatures',
      ],
      tooDeep: false,
    })
  })

  test('input deeper than any form is flagged without recursion', ({ assert }) => {
    let nested: unknown = 'leaf'
    for (let level = 0; level < 100_000; level++) nested = [nested]
    assert.isTrue(inspectInput(nested).tooDeep)
    assert.isFalse(inspectInput({ a: [{ b: [{ c: 'leaf' }] }] }).tooDeep)
  })

  test('any JSON value is inspected without throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { unreadableFields } = inspectInput(value)
        return Array.isArray(unreadableFields)
      })
    )
  })
})
