import factory from '@adonisjs/lucid/factories'
import User, { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'

export const UserFactory = factory
  .define(User, ({ faker }) => ({
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    email: faker.internet.email().toLowerCase(),
    password: 'correct horse battery staple',
    role: ROLE_MEMBER,
    locale: 'en',
  }))
  .state('unverified', (user) => {
    user.role = ROLE_UNVERIFIED
  })
  .build()
