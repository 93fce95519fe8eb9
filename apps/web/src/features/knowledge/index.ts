import { paths } from '@/lib/paths';

/** What other features use of the library: reading an article where they are, and its address. */
export { useArticleReader } from './components/use-article-reader';

/** The article's own address: the library with it open (docs/product.md §4.16). */
export const articlePath = (postId: number) => `${paths.knowledge}?article=${postId}`;

/** The articles picker (a scenario's articles). */
export { usePostsPicker, type PickedPost } from './components/posts-picker/posts-picker';
