import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import type { FormDataType } from '@inertiajs/core'

/**
 * A form that sends a photo with its fields (multipart), posted to `url`:
 * once stored, the fields are reset and the file input is replaced by an
 * empty one (`inputKey`).
 */
export function usePhotoForm<Form extends FormDataType<Form> & { photo: File | null }>(
  url: string,
  initial: Form
) {
  const [inputKey, setInputKey] = useState(0)
  const form = useForm<Form>(initial)
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(url, {
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        setInputKey((key) => key + 1)
      },
    })
  }
  return { form, submit, inputKey }
}
