import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export type NoteBodyEditorProps = {
  /** The HTML the editor starts from (a saved note's sanitised body); later changes are not pushed in. */
  initialHtml: string;
  /** The editor's HTML, or '' when it holds no text. */
  onChange: (html: string) => void;
  onBlur?: (() => void) | undefined;
  /** The editable area's ARIA attributes (its label, required, invalid, described-by), set by the field. */
  attributes: Record<string, string>;
  /** The toolbar's accessible name. */
  toolbarLabel: string;
  isInvalid: boolean;
};

/**
 * The note's rich text: paragraphs, bold, italic, underline, strike, lists, quotes and links — what
 * the server keeps after sanitising. StarterKit 3 already carries Link and Underline; its Link is
 * switched off for Mantine's (the same @tiptap/extension-link, plus Ctrl+K) so there is one link mark.
 * Code, code blocks, headings and rules are off: the server would drop or flatten them. It is
 * loaded only when someone starts writing (note-body-field.tsx): it is most of a form page's weight.
 */
export function NoteBodyEditor({ initialHtml, onChange, onBlur, attributes, toolbarLabel, isInvalid }: NoteBodyEditorProps) {
  const attributesKey = JSON.stringify(attributes);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false, heading: false, horizontalRule: false }), Link],
    content: initialHtml,
    // Opened by a click or a Tab into the note: the writing goes on here.
    autofocus: 'end',
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // The invalid state and described-by follow the error without rebuilding the editor.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  return (
    <RichTextEditor editor={editor} data-invalid={isInvalid || undefined}>
      <RichTextEditor.Toolbar aria-label={toolbarLabel}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={200} />
    </RichTextEditor>
  );
}
