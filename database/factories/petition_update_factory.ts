import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import PetitionUpdate from '#models/petition_update'

/** News the owner posted on the petition. */
export const PetitionUpdateFactory = factory
  .define(PetitionUpdate, () => ({
    title: 'Council meeting',
    description: null,
    happenedOn: DateTime.utc().startOf('day'),
  }))
  .build()
