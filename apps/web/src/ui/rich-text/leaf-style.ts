import { RICH_TEXT_DEFAULT_COLOR, RICH_TEXT_DEFAULT_FONT_SIZE, type RichTextLeaf } from '@crm/contract';
import type { CSSProperties } from 'react';

/** The look of a text leaf, the same in the editor and the read-only view. */
export const leafStyle = (leaf: RichTextLeaf): CSSProperties => {
  const decorations = [leaf.underline && 'underline', leaf.strikethrough && 'line-through'].filter(Boolean);
  return {
    fontWeight: leaf.bold ? 700 : undefined,
    fontStyle: leaf.italic ? 'italic' : undefined,
    textDecoration: decorations.length > 0 ? decorations.join(' ') : undefined,
    color: leaf.color,
    fontSize: leaf.fontSize,
  };
};

/** Unmarked text: the model's defaults (docs/product.md §4.16: colour #000000, 16 px). */
export const richTextBaseStyle: CSSProperties = {
  color: RICH_TEXT_DEFAULT_COLOR,
  fontSize: RICH_TEXT_DEFAULT_FONT_SIZE,
};
