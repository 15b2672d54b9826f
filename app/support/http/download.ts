/**
 * The headers of a file the browser saves as `fileName` (the UTF-8 name for
 * browsers that read it, the plain one for the others), never kept by a cache.
 */
export function downloadHeaders(fileName: string, contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  }
}
