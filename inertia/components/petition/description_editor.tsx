import { useRef } from 'react'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import { Button, ButtonGroup } from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { failureMessage, uploadFile } from '~/lib/upload.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

type DescriptionEditorProps = {
  /** The petition whose media take the editor's images; none: no image button. */
  guid?: string
  value: string
  error?: string
  onChange: (html: string) => void
  /** The field's name, for its ids and its error; 'description' by default. */
  name?: string
  /** The field's label; the description's by default. */
  label?: string
  /** The id of a text that describes the field (a tip), if any. */
  describedBy?: string
}

/** A toolbar button; a symbol (B, H2, •) is named in words for screen readers and on hover. */
function ToolbarButton({
  editor,
  label,
  name,
  active,
  onClick,
}: {
  editor: Editor
  label: string
  name?: string
  active: boolean
  onClick: () => void
}) {
  return (
    <Button
      size="sm"
      variant={active ? 'secondary' : 'outline-secondary'}
      className="editor-toolbar-button"
      onClick={onClick}
      disabled={!editor.isEditable}
      aria-pressed={active}
      title={name}
    >
      {name ? (
        <>
          <span aria-hidden="true">{label}</span>
          <span className="visually-hidden">{name}</span>
        </>
      ) : (
        label
      )}
    </Button>
  )
}

/**
 * Rich text (TipTap): a petition's description, an official response.
 * Images go up as the petition's media and are inserted by their URL; the
 * server sanitizes the HTML anyway.
 */
export default function DescriptionEditor({
  guid,
  value,
  error,
  onChange,
  name = 'description',
  label,
  describedBy,
}: DescriptionEditorProps) {
  const { t } = useTranslation()
  const labelId = `${name}-editor-label`
  const fileInput = useRef<HTMLInputElement>(null)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false } }),
      Image,
    ],
    content: value,
    immediatelyRender: false,
    // The editable area is the field itself: named by the label above it.
    editorProps: {
      attributes: {
        'role': 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  })

  const insertImage = async (file: File) => {
    if (!guid) return
    try {
      const media = await uploadFile<Data.PetitionMedia>(
        urlFor('petitions.media.store', { guid }),
        file,
        {
          type: 'editor',
        }
      )
      if (media.url) editor?.chain().focus().setImage({ src: media.url }).run()
    } catch (failure) {
      showToast('error', failureMessage(failure, t, 'page.petition.upload_failed'))
    } finally {
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const addLink = () => {
    const url = window.prompt(t('page.petition.link_prompt'), 'https://')
    if (url === null || !editor) return
    if (url === '') editor.chain().focus().unsetLink().run()
    else editor.chain().focus().setLink({ href: url }).run()
  }

  return (
    <div className="mb-3" data-testid={`${name}-editor`}>
      <label className="form-label" id={labelId} onClick={() => editor?.commands.focus()}>
        {label ?? t('page.petition.description')}
      </label>
      <div className={`border rounded ${error ? 'border-danger' : ''}`}>
        {editor && (
          <div
            className="d-flex flex-wrap gap-2 p-2 border-bottom bg-light"
            role="group"
            aria-label={t('page.petition.toolbar')}
          >
            <ButtonGroup>
              <ToolbarButton
                editor={editor}
                label="B"
                name={t('page.petition.format_bold')}
                active={editor.isActive('bold')}
                onClick={() => editor.chain().focus().toggleBold().run()}
              />
              <ToolbarButton
                editor={editor}
                label="I"
                name={t('page.petition.format_italic')}
                active={editor.isActive('italic')}
                onClick={() => editor.chain().focus().toggleItalic().run()}
              />
              <ToolbarButton
                editor={editor}
                label="U"
                name={t('page.petition.format_underline')}
                active={editor.isActive('underline')}
                onClick={() => editor.chain().focus().toggleUnderline().run()}
              />
              <ToolbarButton
                editor={editor}
                label="S"
                name={t('page.petition.format_strike')}
                active={editor.isActive('strike')}
                onClick={() => editor.chain().focus().toggleStrike().run()}
              />
            </ButtonGroup>
            <ButtonGroup>
              <ToolbarButton
                editor={editor}
                label="H2"
                name={t('page.petition.format_heading2')}
                active={editor.isActive('heading', { level: 2 })}
                onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
              />
              <ToolbarButton
                editor={editor}
                label="H3"
                name={t('page.petition.format_heading3')}
                active={editor.isActive('heading', { level: 3 })}
                onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
              />
            </ButtonGroup>
            <ButtonGroup>
              <ToolbarButton
                editor={editor}
                label="•"
                name={t('page.petition.format_bullet_list')}
                active={editor.isActive('bulletList')}
                onClick={() => editor.chain().focus().toggleBulletList().run()}
              />
              <ToolbarButton
                editor={editor}
                label="1."
                name={t('page.petition.format_ordered_list')}
                active={editor.isActive('orderedList')}
                onClick={() => editor.chain().focus().toggleOrderedList().run()}
              />
              <ToolbarButton
                editor={editor}
                label="❝"
                name={t('page.petition.format_quote')}
                active={editor.isActive('blockquote')}
                onClick={() => editor.chain().focus().toggleBlockquote().run()}
              />
            </ButtonGroup>
            <ButtonGroup>
              <ToolbarButton
                editor={editor}
                label={t('page.petition.link')}
                active={editor.isActive('link')}
                onClick={addLink}
              />
              {guid && (
                <ToolbarButton
                  editor={editor}
                  label={t('page.petition.image')}
                  active={false}
                  onClick={() => fileInput.current?.click()}
                />
              )}
            </ButtonGroup>
            {guid && (
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg"
                hidden
                onChange={(event) => event.target.files?.[0] && insertImage(event.target.files[0])}
              />
            )}
          </div>
        )}
        <EditorContent editor={editor} id={`${name}-editor`} className="description-editor p-3" />
      </div>
      {error && (
        <div className="invalid-feedback d-block" data-error-for={name}>
          {error}
        </div>
      )}
    </div>
  )
}
