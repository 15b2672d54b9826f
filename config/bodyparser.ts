import { mkdirSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/bodyparser'
import { ONE_CLICK_UNSUBSCRIBE_ROUTES } from '#support/http/one_click_unsubscribe'

/** The routes that take files. */
const UPLOAD_ROUTES = [
  '/petition/:guid/media',
  '/my/avatar',
  '/petition/:guid/paper',
  '/petition/:guid/handovers',
]

/**
 * The only routes that read multipart bodies: uploads, and the links that
 * take a mail client's one-click unsubscribe, which may come as a multipart
 * form. Anywhere else a multipart body is refused unread, as a body that
 * does not parse is.
 */
export const MULTIPART_ROUTES = [...UPLOAD_ROUTES, ...ONE_CLICK_UNSUBSCRIBE_ROUTES]

/**
 * Where uploads are written while their request runs; each is deleted once
 * the request is answered (uploaded_files_middleware).
 */
export const UPLOADS_TMP_PATH = app.tmpPath('uploads')
mkdirSync(UPLOADS_TMP_PATH, { recursive: true })

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
    autoProcess: MULTIPART_ROUTES,
    convertEmptyStringsToNull: true,
    processManually: [],
    // Above every file limit, so validators answer with their own translated message.
    limit: '20mb',
    types: ['multipart/form-data'],
    tmpFileName: () => join(UPLOADS_TMP_PATH, randomUUID()),
  },
})
