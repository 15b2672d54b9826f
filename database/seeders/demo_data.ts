import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'

/**
 * Demo data for `npm start` on an empty database (decisions 30), made with
 * the factories the tests use. Petitions join when their tables exist.
 * Returns false when the database already holds data.
 */
export async function seedDemoData(): Promise<boolean> {
  if (await User.query().first()) return false
  await UserFactory.merge([
    { firstName: 'Ada', lastName: 'Lovelace', email: 'demo@undersign.org', locale: 'en' },
    { firstName: 'Lucía', lastName: 'García', email: 'lucia@undersign.org', locale: 'es' },
    { firstName: 'Олена', lastName: 'Коваленко', email: 'olena@undersign.org', locale: 'uk' },
    { firstName: 'Jonas', lastName: 'Becker', email: 'jonas@undersign.org', locale: 'de' },
  ]).createMany(4)
  return true
}
