import type { InertiaFormProps } from '@inertiajs/react'

type TextKeys<Form> = { [Key in keyof Form]: Form[Key] extends string ? Key : never }[keyof Form] &
  string

/**
 * The props that tie a FormField to one text field of an Inertia form: its
 * name, its value, its changes and the server's error for it.
 */
export function bindText<Form extends Record<string, any>>(
  form: InertiaFormProps<Form>,
  name: TextKeys<Form>
) {
  return {
    name,
    value: form.data[name] as string,
    onChange: (event: { target: { value: string } }) =>
      form.setData((data) => ({ ...data, [name]: event.target.value })),
    error: (form.errors as Record<string, string | undefined>)[name],
  }
}
