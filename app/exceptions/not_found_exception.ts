import { Exception } from '@adonisjs/core/exceptions'

/**
 * Nothing to show at this URL: an unknown slug or guid, or a draft seen by
 * anyone but its owner. Answered like an unknown route: the translated 404
 * page, or its JSON message for the app's own requests.
 */
export default class NotFoundException extends Exception {
  static status = 404
  static code = 'E_NOT_FOUND'
  static message = 'Not found'
}
