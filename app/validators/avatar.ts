import vine from '@vinejs/vine'

/** POST /my/avatar: a PNG or JPEG of at most 5 MB (its content is checked on top). */
export const avatarValidator = vine.create({
  file: vine.file({ size: '5mb', extnames: ['png', 'jpg', 'jpeg'] }),
})
