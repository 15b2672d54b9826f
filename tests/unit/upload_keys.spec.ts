import { test } from '@japa/runner'
import { PRIVATE_FOLDER, uploadKeyOf } from '#support/uploads'

test.group('Upload keys', () => {
  test('a public upload has its key; a path that no upload could have has none', ({ assert }) => {
    assert.equal(
      uploadKeyOf(['petitions', 'abc-123', 'photo_1.jpg']),
      'petitions/abc-123/photo_1.jpg'
    )
    assert.equal(uploadKeyOf('avatars/7-uuid.jpg'), 'avatars/7-uuid.jpg')
    assert.isNull(uploadKeyOf(['petitions', '..', 'secret.jpg']))
    assert.isNull(uploadKeyOf('petitions/a%2F..%2Fb.jpg'))
  })

  test('the private folder (photos of paper sheets) never has a public address', ({ assert }) => {
    assert.isNull(uploadKeyOf([PRIVATE_FOLDER, 'paper', 'abc-123', 'sheet.jpg']))
    assert.isNull(uploadKeyOf(`${PRIVATE_FOLDER}/paper/abc/sheet.jpg`))
    // A public folder that merely starts with the same letters is fine.
    assert.equal(uploadKeyOf('privateer/x.jpg'), 'privateer/x.jpg')
  })
})
