export type RichTextEditorProps = {
  /** The contract's rich-text JSON string; '' when blank. */
  value: string;
  onChange: (value: string) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  placeholder?: string;
  autoFocus?: boolean;
  invalid?: boolean;
};
