import { useEffect, useRef, useState } from 'react'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { failureMessage, uploadFile, UploadError } from '~/lib/upload.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

/** A spinner shorter than this only flickers. */
export const MIN_SPINNER_MS = 1000

const without = (record: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key))

/** Waits until `ms` have passed since `startedAt`. */
const atLeast = (startedAt: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - (Date.now() - startedAt))))

/**
 * Pictures uploaded into named slots (the banner, photo 0…3), several at a
 * time: while its file goes up, a slot shows a local preview and a spinner
 * for at least MIN_SPINNER_MS; a refused file leaves the server's error
 * under its slot and a toast. Each slot's state is its own entry, updated
 * from the latest state, so that two uploads never undo each other.
 */
export function useMediaUploads(guid: string) {
  const { t } = useTranslation()
  const [previews, setPreviews] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  // Previews still shown when the form goes away are released with it.
  const shown = useRef(new Set<string>())
  useEffect(() => {
    const urls = shown.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  /** Drops the error under `slot` (its picture was removed, or another goes up). */
  const forget = (slot: string) => setErrors((current) => without(current, slot))

  /** Uploads `file` into `slot`; the stored media, or null when it failed. */
  const upload = async (slot: string, type: 'banner' | 'photo', file: File) => {
    const startedAt = Date.now()
    const preview = URL.createObjectURL(file)
    shown.current.add(preview)
    setPreviews((current) => ({ ...current, [slot]: preview }))
    forget(slot)
    let media: Data.PetitionMedia | null = null
    let error = ''
    try {
      media = await uploadFile<Data.PetitionMedia>(
        urlFor('petitions.media.store', { guid }),
        file,
        { type }
      )
    } catch (failure) {
      showToast('error', failureMessage(failure, t, 'page.petition.upload_failed'))
      error = (failure instanceof UploadError && failure.errors.file?.[0]) || ''
    }
    await atLeast(startedAt, MIN_SPINNER_MS)
    setPreviews((current) => without(current, slot))
    URL.revokeObjectURL(preview)
    shown.current.delete(preview)
    if (error) setErrors((current) => ({ ...current, [slot]: error }))
    return media
  }

  return { previews, errors, upload, forget }
}
