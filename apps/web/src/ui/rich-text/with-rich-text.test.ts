import { richTextSchema } from '@crm/contract';
import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { HistoryEditor, withHistory } from 'slate-history';
import { describe, expect, it } from 'vitest';
import { serializeRichText } from './rich-text-model';
import { RICH_TEXT_HISTORY_LIMIT, setStyleMark, toggleList, toggleMark, withRichText } from './with-rich-text';

// The Slate core runs without a browser; the React part of the editor is not needed here.
const makeEditor = (children: unknown[]) => {
  const editor = withRichText(withHistory(createEditor()) as Editor);
  editor.children = children as Descendant[];
  Editor.normalize(editor, { force: true });
  return editor;
};

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ text }] });

describe('withRichText normalization', () => {
  it('reshapes a tree outside the schema into one inside it', () => {
    const editor = makeEditor([
      { type: 'list-item', children: [{ text: 'stray', weird: 1 }] },
      {
        type: 'numbered-list',
        children: [
          { type: 'paragraph', children: [{ text: 'p in list' }] },
          { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'nested' }] }] },
        ],
      },
      { type: 'paragraph', children: [{ type: 'list-item', children: [{ text: 'inner', bold: true }] }] },
    ]);
    expect(editor.children).toEqual([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'stray' }] }] },
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'p in list' }] },
          { type: 'list-item', children: [{ text: 'nested' }] },
        ],
      },
      { type: 'paragraph', children: [{ text: 'inner', bold: true }] },
    ]);
    expect(richTextSchema.safeParse(editor.children).success).toBe(true);
  });

  it('joins two neighbouring lists of one kind', () => {
    const item = (text: string) => ({ type: 'list-item', children: [{ text }] });
    const editor = makeEditor([
      { type: 'bulleted-list', children: [item('a')] },
      { type: 'bulleted-list', children: [item('b')] },
    ]);
    expect(editor.children).toEqual([{ type: 'bulleted-list', children: [item('a'), item('b')] }]);
  });
});

describe('commands', () => {
  it('toggles a list on the selected paragraphs and back', () => {
    const editor = makeEditor([paragraph('one'), paragraph('two')]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [1, 0], offset: 3 } });
    toggleList(editor, 'numbered-list');
    expect(editor.children).toEqual([
      {
        type: 'numbered-list',
        children: [
          { type: 'list-item', children: [{ text: 'one' }] },
          { type: 'list-item', children: [{ text: 'two' }] },
        ],
      },
    ]);
    toggleList(editor, 'numbered-list');
    expect(editor.children).toEqual([paragraph('one'), paragraph('two')]);
  });

  it('leaves a list on Enter in an empty item', () => {
    const editor = makeEditor([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'a' }] }] },
    ]);
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    editor.insertBreak();
    expect(editor.children).toEqual([
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'a' }] }] },
      paragraph(''),
    ]);
  });

  it('stores marks, a default colour or size as no mark', () => {
    const editor = makeEditor([paragraph('word')]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 4 } });
    toggleMark(editor, 'bold');
    setStyleMark(editor, 'color', '#FF0000');
    setStyleMark(editor, 'fontSize', '24px');
    expect(editor.children).toEqual([
      { type: 'paragraph', children: [{ text: 'word', bold: true, color: '#ff0000', fontSize: '24px' }] },
    ]);
    setStyleMark(editor, 'color', '#000000');
    setStyleMark(editor, 'fontSize', '16px');
    toggleMark(editor, 'bold');
    expect(serializeRichText(editor.children)).toBe(JSON.stringify([paragraph('word')]));
  });
});

describe('history', () => {
  it(`keeps at most ${RICH_TEXT_HISTORY_LIMIT} undo steps`, () => {
    const editor = makeEditor([paragraph('')]);
    for (let index = 0; index < RICH_TEXT_HISTORY_LIMIT + 20; index += 1) {
      // Each insertion its own step, as typing with pauses makes.
      HistoryEditor.withNewBatch(editor, () => Transforms.insertText(editor, 'x', { at: Editor.end(editor, []) }));
    }
    expect(editor.history.undos.length).toBe(RICH_TEXT_HISTORY_LIMIT);
    for (let index = 0; index < RICH_TEXT_HISTORY_LIMIT + 20; index += 1) editor.undo();
    expect(editor.history.undos.length).toBe(0);
    expect(editor.history.redos.length).toBe(RICH_TEXT_HISTORY_LIMIT);
    // The oldest 20 insertions are beyond undo.
    expect(Editor.string(editor, [])).toBe('x'.repeat(20));
  });
});
