import { RICH_TEXT_DEFAULT_FONT_SIZE, RICH_TEXT_FONT_SIZES } from '@crm/contract';
import type { ReactNode } from 'react';
import { Editor, Transforms } from 'slate';
import { ReactEditor, useSlate } from 'slate-react';
import { cx } from '@/ui/cx';
import { Icon, type IconName } from '@/ui/icons';
import { ColorPicker } from './color-picker';
import {
  currentFontSize,
  ensureSelection,
  isListActive,
  isMarkActive,
  setStyleMark,
  toggleList,
  toggleMark,
  type BooleanMark,
} from './with-rich-text';
import styles from './rich-text.module.css';

type ToolButtonProps = {
  label: string;
  shortcut?: string;
  keys?: string;
  pressed?: boolean;
  disabled?: boolean;
  onRun: () => void;
  children: ReactNode;
};

/** A toolbar button; pressing it with the mouse leaves the caret in the text. */
const ToolButton = ({ label, shortcut, keys, pressed, disabled, onRun, children }: ToolButtonProps) => (
  <button
    type="button"
    className={cx(styles.tool, pressed && styles.toolActive)}
    aria-label={label}
    aria-pressed={pressed}
    aria-keyshortcuts={keys}
    title={shortcut ? `${label} (${shortcut})` : label}
    disabled={disabled}
    onMouseDown={(event) => event.preventDefault()}
    onClick={onRun}
  >
    {children}
  </button>
);

const MARKS: { mark: BooleanMark; label: string; shortcut: string; keys: string; glyph: string }[] = [
  { mark: 'bold', label: 'Жирный', shortcut: 'Ctrl+B', keys: 'Control+B Meta+B', glyph: 'Ж' },
  { mark: 'italic', label: 'Курсив', shortcut: 'Ctrl+I', keys: 'Control+I Meta+I', glyph: 'К' },
  { mark: 'underline', label: 'Подчёркнутый', shortcut: 'Ctrl+U', keys: 'Control+U Meta+U', glyph: 'Ч' },
  {
    mark: 'strikethrough',
    label: 'Зачёркнутый',
    shortcut: 'Ctrl+Shift+X',
    keys: 'Control+Shift+X Meta+Shift+X',
    glyph: 'З',
  },
];

const LISTS: { kind: 'bulleted-list' | 'numbered-list'; label: string; icon: IconName }[] = [
  { kind: 'bulleted-list', label: 'Маркированный список', icon: 'listBulleted' },
  { kind: 'numbered-list', label: 'Нумерованный список', icon: 'listNumbered' },
];

/**
 * Slate reads the browser's selection a moment after it changes; a toolbar press right after a
 * keyboard selection (Shift+Home, then a click) must act on what is selected now.
 */
const syncSelectionFromDom = (editor: Editor) => {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || !ReactEditor.hasDOMNode(editor, selection.anchorNode!)) return;
  const range = ReactEditor.toSlateRange(editor, selection, { exactMatch: false, suppressThrow: true });
  if (range) Transforms.select(editor, range);
};

/** The formatting bar over the text: marks, colour, size, lists, undo and redo. */
export const RichTextToolbar = () => {
  const editor = useSlate();

  const run = (action: () => void) => {
    syncSelectionFromDom(editor);
    ensureSelection(editor);
    action();
    ReactEditor.focus(editor);
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Форматирование текста">
      <div className={styles.toolGroup}>
        {MARKS.map(({ mark, label, shortcut, keys, glyph }) => (
          <ToolButton
            key={mark}
            label={label}
            shortcut={shortcut}
            keys={keys}
            pressed={isMarkActive(editor, mark)}
            onRun={() => run(() => toggleMark(editor, mark))}
          >
            <span className={cx(styles.glyph, styles[`glyph-${mark}`])} aria-hidden="true">
              {glyph}
            </span>
          </ToolButton>
        ))}
      </div>
      <div className={styles.toolGroup}>
        <ColorPicker
          value={Editor.marks(editor)?.color}
          onPick={(color) => run(() => setStyleMark(editor, 'color', color))}
        />
        <select
          className={styles.sizeSelect}
          aria-label="Размер шрифта"
          title="Размер шрифта"
          value={currentFontSize(editor) ?? RICH_TEXT_DEFAULT_FONT_SIZE}
          onChange={(event) => run(() => setStyleMark(editor, 'fontSize', event.target.value))}
        >
          {RICH_TEXT_FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {size.replace('px', ' px')}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.toolGroup}>
        {LISTS.map(({ kind, label, icon }) => (
          <ToolButton
            key={kind}
            label={label}
            pressed={isListActive(editor, kind)}
            onRun={() => run(() => toggleList(editor, kind))}
          >
            <Icon name={icon} size={18} />
          </ToolButton>
        ))}
      </div>
      <div className={styles.toolGroup}>
        <ToolButton
          label="Отменить"
          shortcut="Ctrl+Z"
          keys="Control+Z Meta+Z"
          disabled={editor.history.undos.length === 0}
          onRun={() => run(() => editor.undo())}
        >
          <Icon name="undo" size={18} />
        </ToolButton>
        <ToolButton
          label="Повторить"
          shortcut="Ctrl+Shift+Z, Ctrl+Y"
          keys="Control+Shift+Z Control+Y Meta+Shift+Z"
          disabled={editor.history.redos.length === 0}
          onRun={() => run(() => editor.redo())}
        >
          <Icon name="redo" size={18} />
        </ToolButton>
      </div>
    </div>
  );
};
