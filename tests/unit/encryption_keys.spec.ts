import { test } from '@japa/runner'
import { createCipheriv, createHash, createHmac, hkdfSync } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'
import env from '#start/env'

/**
 * The encryption package is patched (patches/) to prepare its keys once as
 * KeyObjects: Node re-imports a Buffer key on every HMAC or cipher, which
 * cost a guest's request about 15 µs per signed or encrypted cookie. The
 * key bytes are unchanged, so what was signed or encrypted before still
 * reads, and what is written now reads with the unpatched package.
 */
test.group('Encryption keys prepared once', () => {
  test('a signed value carries the HMAC of the key derived from APP_KEY, as before', ({
    assert,
  }) => {
    const signed = encryption.getMessageVerifier().sign('session-id-123', undefined, 'adonis')
    const [encoded, mac] = signed.split('.')
    const key = createHash('sha256').update(env.get('APP_KEY')!.release()).digest()
    assert.equal(mac, createHmac('sha256', key).update(encoded).digest('base64url'))
    assert.equal(encryption.getMessageVerifier().unsign(signed, 'adonis'), 'session-id-123')
  })

  test('a value encrypted with the raw key bytes decrypts, and a tampered one does not', ({
    assert,
  }) => {
    const master = createHash('sha256').update(env.get('APP_KEY')!.release()).digest()
    const key = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'aes-256-gcm:v1:app', 32))
    const iv = Buffer.alloc(12, 7)
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 })
    cipher.setAAD(Buffer.from('purpose'), { plaintextLength: Buffer.byteLength('purpose') })
    const body = Buffer.concat([cipher.update(JSON.stringify({ message: 'kept' })), cipher.final()])
    const value = ['app', `v1:${body.toString('base64url')}`, iv.toString('base64url')]
    const tag = cipher.getAuthTag().toString('base64url')

    assert.equal(encryption.decrypt([...value, tag].join('.'), 'purpose'), 'kept')
    assert.isNull(encryption.decrypt([...value, tag.replace(/^./, 'A')].join('.'), 'purpose'))
    const written = encryption.encrypt('round trip', undefined, 'purpose')
    assert.equal(encryption.decrypt(written, 'purpose'), 'round trip')
  })
})
