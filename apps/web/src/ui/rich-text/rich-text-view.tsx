import type { RichTextBlock, RichTextLeaf } from '@crm/contract';
import { cx } from '@/ui/cx';
import { leafStyle, richTextBaseStyle } from './leaf-style';
import { deserializeRichText } from './rich-text-model';
import styles from './rich-text.module.css';

type RichTextViewProps = { value: string; className?: string };

const Leaves = ({ leaves }: { leaves: RichTextLeaf[] }) =>
  leaves.map((leaf, index) => (
    <span key={index} style={leafStyle(leaf)}>
      {leaf.text}
    </span>
  ));

const Block = ({ block }: { block: RichTextBlock }) => {
  if (block.type === 'paragraph') {
    return (
      <p className={styles.paragraph}>
        <Leaves leaves={block.children} />
        {/* An empty line keeps its height, as in the editor. */}
        {block.children.every((leaf) => leaf.text === '') && <br />}
      </p>
    );
  }
  const List = block.type === 'numbered-list' ? 'ol' : 'ul';
  return (
    <List className={styles.list}>
      {block.children.map((item, index) => (
        <li key={index}>
          <Leaves leaves={item.children} />
        </li>
      ))}
    </List>
  );
};

/**
 * A stored rich text shown read-only. It renders React elements from the tree, text as text:
 * nothing in the value can become markup or script.
 */
export const RichTextView = ({ value, className }: RichTextViewProps) => {
  if (value === '') return null;
  const tree = deserializeRichText(value);
  return (
    <div className={cx(styles.content, className)} style={richTextBaseStyle}>
      {tree.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
};
