import { lazy, Suspense } from 'react';
import { Skeleton } from '@/ui/skeleton';
import type { RichTextEditorProps } from './rich-text-editor-props';
import styles from './rich-text.module.css';

const Editor = lazy(() => import('./rich-text-editor'));

/**
 * The editor, loaded with its Slate code on first use: a component of the signed-in shell may
 * import the rich-text module without every page paying for the editor.
 */
export const RichTextEditor = (props: RichTextEditorProps) => (
  <Suspense
    fallback={
      <div className={`${styles.editor} ${styles.loading}`} aria-busy="true">
        <Skeleton height={40} />
      </div>
    }
  >
    <Editor {...props} />
  </Suspense>
);
