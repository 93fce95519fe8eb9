import { z } from 'zod';
import { plainText } from './common.js';

/**
 * Rich text (docs/product.md §4.16): the editor's tree, a list of blocks — `paragraph`,
 * `bulleted-list` or `numbered-list` (lists hold `list-item` children) — whose text leaves may
 * carry marks.
 *
 * On the wire it is a JSON **string** (clue `clue`, article `content`, reminder and scenario
 * `description`), as the spec sends and stores it; an array in the body is refused. The empty
 * string stands for "no text" (a hint blank in every block is saved as ''). The server checks
 * the string parses to this tree, so what it keeps is always readable by the editor: unknown
 * node types or keys are refused rather than dropped.
 */

export const RICH_TEXT_FONT_SIZES = ['14px', '16px', '18px', '20px', '24px', '28px'] as const;
export type RichTextFontSize = (typeof RICH_TEXT_FONT_SIZES)[number];
export const RICH_TEXT_DEFAULT_FONT_SIZE: RichTextFontSize = '16px';
export const RICH_TEXT_DEFAULT_COLOR = '#000000';

/** Bounds of one rich text: the serialized string, and its top-level blocks. */
export const RICH_TEXT_MAX_LENGTH = 100_000;
export const RICH_TEXT_MAX_BLOCKS = 500;

export const RICH_TEXT_INVALID = 'Некорректный формат текста';
export const RICH_TEXT_TOO_LONG = `Текст слишком длинный: не более ${RICH_TEXT_MAX_LENGTH.toLocaleString('ru-RU')} символов`;

export const richTextLeafSchema = z.strictObject({
  text: plainText('multi'),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  /** '#rrggbb'. */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  fontSize: z.enum(RICH_TEXT_FONT_SIZES).optional(),
});
export type RichTextLeaf = z.infer<typeof richTextLeafSchema>;

const leaves = z.array(richTextLeafSchema).min(1);

const paragraph = z.strictObject({ type: z.literal('paragraph'), children: leaves });
const listItem = z.strictObject({ type: z.literal('list-item'), children: leaves });
const bulletedList = z.strictObject({ type: z.literal('bulleted-list'), children: z.array(listItem).min(1) });
const numberedList = z.strictObject({ type: z.literal('numbered-list'), children: z.array(listItem).min(1) });

export const richTextBlockSchema = z.discriminatedUnion('type', [paragraph, bulletedList, numberedList]);
export type RichTextBlock = z.infer<typeof richTextBlockSchema>;

/** The parsed tree: at least one block, at most RICH_TEXT_MAX_BLOCKS. */
export const richTextSchema = z.array(richTextBlockSchema).min(1).max(RICH_TEXT_MAX_BLOCKS);
export type RichText = z.infer<typeof richTextSchema>;

/** The tree of a rich-text string, or null when it is empty or not a valid tree. */
export function parseRichText(value: string): RichText | null {
  if (value === '') return null;
  try {
    const checked = richTextSchema.safeParse(JSON.parse(value));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/** True when every block is blank (what the editor shows as empty): the web saves it as ''. */
export const isBlankRichText = (value: RichText): boolean =>
  value.every((block) =>
    block.children.every((child) =>
      'text' in child ? child.text.trim() === '' : child.children.every((leaf) => leaf.text.trim() === ''),
    ),
  );

/**
 * A rich-text field of a request: '' or the JSON string of a valid tree, at most
 * RICH_TEXT_MAX_LENGTH characters. A bad one → 422 on the field, 'Некорректный формат текста'
 * (with where in the tree, for the developer).
 */
export const richTextJson = () =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? RICH_TEXT_INVALID : undefined) })
    .max(RICH_TEXT_MAX_LENGTH, RICH_TEXT_TOO_LONG)
    .superRefine((value, ctx) => {
      if (value === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${RICH_TEXT_INVALID} (не JSON)` });
        return;
      }
      const checked = richTextSchema.safeParse(parsed);
      if (!checked.success) {
        const where = checked.error.issues[0]?.path.join('.') ?? '';
        ctx.addIssue({
          code: 'custom',
          message: where ? `${RICH_TEXT_INVALID} (${where})` : RICH_TEXT_INVALID,
        });
      }
    });
