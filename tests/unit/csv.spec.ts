import { test } from '@japa/runner'
import { csvCell, csvRow } from '#support/csv'

test.group('CSV cells', () => {
  test('formula starts are neutralised, separators quoted', ({ assert }) => {
    assert.equal(csvCell('=1+1'), "'=1+1")
    assert.equal(csvCell('+380 44 123'), "'+380 44 123")
    assert.equal(csvCell('-2'), "'-2")
    assert.equal(csvCell('@cmd'), "'@cmd")
    assert.equal(csvCell('\tx'), `"'\tx"`)
    assert.equal(csvCell('a,b'), '"a,b"')
    assert.equal(csvCell('say "hi"'), '"say ""hi"""')
    assert.equal(csvCell('=A1,"x"'), `"'=A1,""x"""`)
    assert.equal(csvCell('plain'), 'plain')
    assert.equal(csvCell(null), '')
    assert.equal(csvCell(12), '12')
  })

  test('a formula after a semicolon, tab or line break is neutralised too', ({ assert }) => {
    assert.equal(csvCell('x;=1+1'), `"x;'=1+1"`)
    assert.equal(csvCell('a\t+1'), `"a\t'+1"`)
    assert.equal(csvCell('a\r\n-2\n@SUM(A1)'), `"a\r\n'-2\n'@SUM(A1)"`)
    assert.equal(csvCell('=x;-y'), `"'=x;'-y"`)
    assert.equal(csvCell('a; b'), '"a; b"')
    assert.equal(csvCell('a-b=c'), 'a-b=c')
  })

  test('a row ends with CRLF, a line break inside a value stays quoted', ({ assert }) => {
    assert.equal(csvRow(['a', 'b\nc', 1]), 'a,"b\nc",1\r\n')
  })
})
