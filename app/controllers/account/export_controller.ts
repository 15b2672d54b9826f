import type { HttpContext } from '@adonisjs/core/http'
import { accountExport, exportFileName } from '#services/accounts/data_export'

/** GET /my/account/export: the member's data as one JSON file to save. */
export default class ExportController {
  async download({ auth, response }: HttpContext) {
    const data = await accountExport(auth.getUserOrFail())
    const fileName = exportFileName()
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${fileName}"`)
    response.header('Cache-Control', 'no-store')
    return response.send(JSON.stringify(data, null, 2))
  }
}
