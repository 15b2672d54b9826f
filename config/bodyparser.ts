import { defineConfig } from '@adonisjs/core/bodyparser'

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  // Room for any field a form has (a description is 50,000 characters), so
  // that an overlong one gets its field's own error instead of a 413.
  form: {
    convertEmptyStringsToNull: true,
    limit: '2mb',
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    limit: '2mb',
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    processManually: [],
    // Above every file limit, so validators answer with their own translated message.
    limit: '20mb',
    types: ['multipart/form-data'],
  },
})
