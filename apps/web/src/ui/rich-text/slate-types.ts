import type { RichTextLeaf } from '@crm/contract';
import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/**
 * Slate's node types are the contract's rich-text tree itself, so what the editor holds is what
 * is stored: blocks (a paragraph, a list of list items) and text leaves with their marks.
 */
export type ListType = 'bulleted-list' | 'numbered-list';
export type ParagraphElement = { type: 'paragraph'; children: RichTextLeaf[] };
export type ListItemElement = { type: 'list-item'; children: RichTextLeaf[] };
export type ListElement = { type: ListType; children: ListItemElement[] };
export type RichElement = ParagraphElement | ListItemElement | ListElement;

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: RichElement;
    Text: RichTextLeaf;
  }
}
