import factory from '@adonisjs/lucid/factories'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'

export const LetterRecipientFactory = factory
  .define(LetterRecipient, () => ({ name: 'Ivan Petrenko', payload: 'Mayor', position: 0 }))
  .build()

/** A letter to the petition's target; `.with('recipients')` addresses it. */
export const LetterFactory = factory
  .define(Letter, () => ({
    payload: 'Dear members of the council,\nplease keep the park.',
    position: 0,
  }))
  .relation('recipients', () => LetterRecipientFactory)
  .build()
