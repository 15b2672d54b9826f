import vine from '@vinejs/vine'
import { LOCALES } from '#app/i18n/locales'

/** POST /language/hand-over: the language whose site the member is going to. */
export const languageHandOverValidator = vine.create({
  locale: vine.enum(LOCALES),
})

/** POST /language/hand-over/accept: the pass, and the page to land on there. */
export const handOverAcceptValidator = vine.create({
  token: vine.string().maxLength(100),
  to: vine.string().maxLength(2000).optional(),
})
