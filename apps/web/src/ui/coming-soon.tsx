import { Avatar } from './avatar';
import { Icon, type IconName } from './icons';
import styles from './coming-soon.module.css';
import { cx } from './cx';

type ComingSoonProps = {
  icon: IconName;
  /** What is coming, read after 'Скоро: ' ('доска клиентов'). */
  feature: string;
  /** One Russian sentence on what the page will do. */
  text: string;
  /** Without its own card (nor a heading: the card or modal around it names the section). */
  plain?: boolean;
};

/**
 * In place of a feature that is not built yet (docs/product.md §2.2 'placeholder'): says so and
 * what it will do, instead of an empty state that suggests the data is merely missing.
 */
export const ComingSoon = ({ icon, feature, text, plain = false }: ComingSoonProps) => {
  const Title = plain ? 'p' : 'h2';
  return (
    <div className={cx(styles.box, plain && styles.plain)} data-testid="coming-soon">
      <Avatar size="lg" tone="primary">
        <Icon name={icon} size={28} />
      </Avatar>
      <Title className={styles.title}>
        <span className={styles.soon}>Скоро:</span> {feature}
      </Title>
      <p className={styles.text}>{text}</p>
    </div>
  );
};
