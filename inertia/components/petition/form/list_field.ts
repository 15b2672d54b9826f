/**
 * Edits one list of the petition form (videos, letters, a letter's
 * recipients, updates, custom fields) through the form's `onChange`: every
 * change gives a new array, so Inertia's form state sees it.
 */
export function listField<Item>(items: Item[], onChange: (items: Item[]) => void) {
  return {
    update: (index: number, patch: Partial<Item>) =>
      onChange(items.map((item, position) => (position === index ? { ...item, ...patch } : item))),
    remove: (index: number) => onChange(items.filter((_, position) => position !== index)),
    add: (item: Item) => onChange([...items, item]),
  }
}
