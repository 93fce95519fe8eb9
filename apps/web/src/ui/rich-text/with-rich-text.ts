import { Editor, Element, Node, Path, Range, Text, Transforms, type Descendant, type NodeEntry } from 'slate';
import type { History } from 'slate-history';
import { htmlToRichText } from './html-to-rich-text';
import { cleanMarks, isFontSize, type ListKind } from './rich-text-model';
import type { ListItemElement } from './slate-types';

/** Spec §4/§9: the editor's undo history holds at most 100 entries. */
export const RICH_TEXT_HISTORY_LIMIT = 100;

const isList = (node: unknown): node is Element & { type: ListKind } =>
  Element.isElement(node) && (node.type === 'bulleted-list' || node.type === 'numbered-list');

const isTextBlock = (node: unknown): node is Element & { type: 'paragraph' | 'list-item' } =>
  Element.isElement(node) && (node.type === 'paragraph' || node.type === 'list-item');

const MARK_KEYS = new Set(['text', 'bold', 'italic', 'underline', 'strikethrough', 'color', 'fontSize']);

/**
 * Keeps the editor's tree inside the contract's schema while the user types, pastes and undoes:
 * top level holds paragraphs and lists, a list holds list items, a paragraph or item holds text
 * leaves whose keys are the model's marks. Anything else is reshaped or dropped here.
 */
const normalizeEntry = (editor: Editor, [node, path]: NodeEntry): boolean => {
  if (Text.isText(node)) {
    const raw = node as unknown as Record<string, unknown>;
    const clean = cleanMarks(raw);
    const unknown = Object.keys(raw).filter((key) => !MARK_KEYS.has(key));
    const stale = (['bold', 'italic', 'underline', 'strikethrough', 'color', 'fontSize'] as const).filter(
      (key) => key in raw && !(key in clean),
    );
    const remove = [...unknown, ...stale];
    if (remove.length === 0) return false;
    Transforms.unsetNodes(editor, remove as never, { at: path });
    return true;
  }
  if (!Element.isElement(node)) return false;

  if (path.length === 1 && node.type === 'list-item') {
    Transforms.wrapNodes(editor, { type: 'bulleted-list', children: [] }, { at: path });
    return true;
  }
  if (path.length > 1 && isList(node)) {
    // One level of lists: a nested list's items join the outer list.
    Transforms.unwrapNodes(editor, { at: path });
    return true;
  }
  if (path.length > 1 && node.type === 'paragraph') {
    Transforms.setNodes(editor, { type: 'list-item' }, { at: path });
    return true;
  }
  if (isList(node)) {
    for (const [child, childPath] of Node.children(editor, path)) {
      if (Text.isText(child)) {
        Transforms.wrapNodes(editor, { type: 'list-item', children: [] }, { at: childPath });
        return true;
      }
    }
    // Two lists of one kind side by side are one list.
    const next = Path.next(path);
    if (Node.has(editor, next)) {
      const sibling = Node.get(editor, next);
      if (isList(sibling) && sibling.type === node.type) {
        Transforms.mergeNodes(editor, { at: next });
        return true;
      }
    }
  }
  if (isTextBlock(node)) {
    for (const [child, childPath] of Node.children(editor, path)) {
      if (Element.isElement(child)) {
        Transforms.unwrapNodes(editor, { at: childPath });
        return true;
      }
    }
  }
  return false;
};

/** Turns the blocks of the selection into a list of `kind`, or back into paragraphs if they are one. */
export const toggleList = (editor: Editor, kind: ListKind) => {
  const active = isListActive(editor, kind);
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: (node) => isList(node), split: true, mode: 'all' });
    Transforms.setNodes(editor, { type: active ? 'paragraph' : 'list-item' }, { match: isTextBlock });
    if (!active) Transforms.wrapNodes(editor, { type: kind, children: [] }, { match: (node) => isTextBlock(node) });
  });
};

export const isListActive = (editor: Editor, kind: ListKind) => {
  if (!editor.selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, editor.selection),
    match: (node) => isList(node) && node.type === kind,
  });
  return Boolean(match);
};

/** A command from outside the text (the toolbar, a paste) works at the caret; with none yet, at the end. */
export const ensureSelection = (editor: Editor) => {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
};

export type BooleanMark = 'bold' | 'italic' | 'underline' | 'strikethrough';

export const isMarkActive = (editor: Editor, mark: BooleanMark) => Editor.marks(editor)?.[mark] === true;

export const toggleMark = (editor: Editor, mark: BooleanMark) => {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
};

/** Colour or size: the default value is the absence of the mark. */
export const setStyleMark = (editor: Editor, mark: 'color' | 'fontSize', value: string) => {
  const clean = cleanMarks({ [mark]: value });
  if (clean[mark] === undefined) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, clean[mark]);
};

export const currentFontSize = (editor: Editor) => {
  const size = Editor.marks(editor)?.fontSize;
  return isFontSize(size) ? size : undefined;
};

/** The kind of the list holding the block at `path`. */
const listKindAt = (editor: Editor, path: Path): ListKind => {
  const list = Node.get(editor, path.slice(0, 1));
  return isList(list) ? list.type : 'bulleted-list';
};

const currentListItem = (editor: Editor) => {
  if (!editor.selection || !Range.isCollapsed(editor.selection)) return undefined;
  const [entry] = Editor.nodes<ListItemElement>(editor, {
    match: (node) => Element.isElement(node) && node.type === 'list-item',
  });
  return entry;
};

/**
 * The editor's behaviours: the schema normalization, lists that are left with Enter on an empty
 * item or Backspace at an item's start, pasted HTML converted through the whitelist, and the
 * undo history capped at RICH_TEXT_HISTORY_LIMIT entries.
 */
export const withRichText = (editor: Editor): Editor => {
  const { normalizeNode, insertBreak, deleteBackward, insertData, writeHistory } = editor;

  editor.normalizeNode = (entry, options) => {
    if (normalizeEntry(editor, entry)) return;
    normalizeNode(entry, options);
  };

  editor.insertBreak = () => {
    const item = currentListItem(editor);
    if (item && Editor.isEmpty(editor, item[0])) {
      toggleList(editor, listKindAt(editor, item[1]));
      return;
    }
    insertBreak();
  };

  editor.deleteBackward = (unit) => {
    const item = currentListItem(editor);
    if (item && editor.selection && Editor.isStart(editor, editor.selection.anchor, item[1])) {
      toggleList(editor, listKindAt(editor, item[1]));
      return;
    }
    deleteBackward(unit);
  };

  editor.insertData = (data) => {
    const html = data.getData('text/html');
    // The editor's own copies keep their Slate fragment; other HTML goes through the whitelist.
    if (html && !data.types.includes('application/x-slate-fragment')) {
      Transforms.insertFragment(editor, htmlToRichText(html) as Descendant[]);
      return;
    }
    insertData(data);
  };

  editor.writeHistory = (stack: keyof History, batch) => {
    writeHistory(stack, batch);
    const entries = editor.history[stack];
    if (entries.length > RICH_TEXT_HISTORY_LIMIT) entries.splice(0, entries.length - RICH_TEXT_HISTORY_LIMIT);
  };

  return editor;
};
