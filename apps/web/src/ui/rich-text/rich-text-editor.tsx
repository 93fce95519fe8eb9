import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createEditor, type Descendant, type Editor } from 'slate';
import { withHistory } from 'slate-history';
import {
  Editable,
  ReactEditor,
  Slate,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from 'slate-react';
import { cx } from '@/ui/cx';
import { leafStyle, richTextBaseStyle } from './leaf-style';
import { RichTextToolbar } from './rich-text-toolbar';
import { deserializeRichText, serializeRichText } from './rich-text-model';
import type { RichTextEditorProps } from './rich-text-editor-props';
import { ensureSelection, toggleMark, withRichText } from './with-rich-text';
import styles from './rich-text.module.css';
import './slate-types';

const renderElement = ({ element, attributes, children }: RenderElementProps) => {
  switch (element.type) {
    case 'bulleted-list':
      return (
        <ul {...attributes} className={styles.list}>
          {children}
        </ul>
      );
    case 'numbered-list':
      return (
        <ol {...attributes} className={styles.list}>
          {children}
        </ol>
      );
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    default:
      return (
        <p {...attributes} className={styles.paragraph}>
          {children}
        </p>
      );
  }
};

const renderLeaf = ({ leaf, attributes, children }: RenderLeafProps) => (
  <span {...attributes} style={leafStyle(leaf)}>
    {children}
  </span>
);

/**
 * Slate sets the editable's min-height to the placeholder's height inline; the box keeps the
 * height of a few lines instead, so an empty hint does not look like a one-line field.
 */
const editableStyle = { ...richTextBaseStyle, minHeight: 'var(--rich-text-min-height)' };

const renderPlaceholder = ({ attributes, children }: RenderPlaceholderProps) => (
  <span {...attributes} className={styles.placeholder} style={{ ...attributes.style, opacity: undefined }}>
    {children}
  </span>
);

/**
 * Keyboard shortcuts (by the key's place, so they work in the Russian layout too): Ctrl/⌘+B, I,
 * U, Shift+X for the marks; Z to undo, Shift+Z or Y to redo.
 */
const onHotkey = (editor: Editor, event: KeyboardEvent<HTMLDivElement>) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const { code, shiftKey } = event;
  const run = (action: () => void) => {
    event.preventDefault();
    action();
  };
  if (code === 'KeyB' && !shiftKey) run(() => toggleMark(editor, 'bold'));
  else if (code === 'KeyI' && !shiftKey) run(() => toggleMark(editor, 'italic'));
  else if (code === 'KeyU' && !shiftKey) run(() => toggleMark(editor, 'underline'));
  else if (code === 'KeyX' && shiftKey) run(() => toggleMark(editor, 'strikethrough'));
  else if (code === 'KeyZ' && !shiftKey) run(() => editor.undo());
  else if ((code === 'KeyZ' && shiftKey) || (code === 'KeyY' && !shiftKey)) run(() => editor.redo());
};

/**
 * The one rich-text editor (docs/product.md §4.16): its value is the stored string ('' when blank), its
 * tree always passes the contract's schema.
 */
const RichTextEditor = ({
  value,
  onChange,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  placeholder,
  autoFocus,
  invalid,
}: RichTextEditorProps) => {
  const [editor] = useState(() => withRichText(withHistory(withReact(createEditor()))));
  const [initialValue] = useState(() => deserializeRichText(value) as Descendant[]);
  // The last string this editor reported: a different `value` comes from outside (a reset).
  const emitted = useRef(value);

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.children = deserializeRichText(value) as Descendant[];
    editor.selection = null;
    editor.history = { undos: [], redos: [] };
    editor.onChange();
  }, [editor, value]);

  const handleChange = (nodes: Descendant[]) => {
    if (editor.operations.every((operation) => operation.type === 'set_selection')) return;
    const next = serializeRichText(nodes);
    if (next === emitted.current) return;
    emitted.current = next;
    onChange(next);
  };

  return (
    <div className={cx(styles.editor, invalid && styles.invalid)}>
      <Slate editor={editor} initialValue={initialValue} onChange={handleChange}>
        <RichTextToolbar />
        <Editable
          className={cx(styles.content, styles.editable)}
          style={editableStyle}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          renderPlaceholder={renderPlaceholder}
          placeholder={placeholder}
          aria-label={ariaLabel}
          aria-labelledby={ariaLabelledBy}
          aria-invalid={invalid || undefined}
          autoFocus={autoFocus}
          spellCheck
          onKeyDown={(event) => onHotkey(editor, event)}
          onPaste={(event) => {
            // Every paste goes through insertData (the HTML whitelist, plain text by lines), not
            // only those the browser reports as a beforeinput.
            event.preventDefault();
            ensureSelection(editor);
            ReactEditor.insertData(editor, event.clipboardData);
          }}
        />
      </Slate>
    </div>
  );
};

export default RichTextEditor;
