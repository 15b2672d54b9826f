export type VideoEmbed = { driver: 'youtube' | 'vimeo'; url: string }

const YOUTUBE_ID = /^[\w-]{11}$/
const VIMEO_ID = /^\d{6,12}$/

/**
 * A YouTube or Vimeo link as a privacy-friendly embed URL:
 * youtube-nocookie.com, or Vimeo's player without tracking. Any other URL
 * gives null.
 */
export function videoEmbed(input: string): VideoEmbed | null {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.replace(/^(www\.|m\.)/, '')
  const segments = url.pathname.split('/').filter(Boolean)

  let youtubeId: string | null = null
  if (host === 'youtu.be') youtubeId = segments[0] ?? null
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      url.searchParams.get('v') ??
      (['embed', 'shorts', 'live'].includes(segments[0]) ? segments[1] : null)
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    return { driver: 'youtube', url: `https://www.youtube-nocookie.com/embed/${youtubeId}` }
  }

  let vimeoId: string | null = null
  if (host === 'vimeo.com') vimeoId = segments.find((segment) => VIMEO_ID.test(segment)) ?? null
  if (host === 'player.vimeo.com' && segments[0] === 'video') vimeoId = segments[1] ?? null
  if (vimeoId && VIMEO_ID.test(vimeoId)) {
    return { driver: 'vimeo', url: `https://player.vimeo.com/video/${vimeoId}?dnt=1` }
  }
  return null
}
