export { RichTextEditor } from './lazy-rich-text-editor';
export type { RichTextEditorProps } from './rich-text-editor-props';
export { RichTextView } from './rich-text-view';
export { HintNote } from './hint-note';
export { useHintModals, type EditHintOptions, type ReadHintOptions } from './hint-modals';
