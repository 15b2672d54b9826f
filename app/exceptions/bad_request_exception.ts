import { Exception } from '@adonisjs/core/exceptions'

/** A request that cannot be read as any form of the site: the translated 400 page. */
export default class BadRequestException extends Exception {
  static status = 400
  static code = 'E_BAD_REQUEST'
  static message = 'Bad request'
}
