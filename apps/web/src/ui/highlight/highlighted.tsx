import { splitByMatches } from './search-highlight';
import styles from './highlighted.module.css';

/** The text with what the search matched marked (React elements only, never HTML). */
export const Highlighted = ({ text, query }: { text: string; query: string }) => (
  <>
    {splitByMatches(text, query).map((part, index) =>
      part.match ? (
        <mark key={index} className={styles.mark}>
          {part.text}
        </mark>
      ) : (
        part.text
      ),
    )}
  </>
);
