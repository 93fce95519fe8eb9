/** Joins the class names that apply: `cx(styles.item, active && styles.active)`. */
export const cx = (...names: Array<string | false | null | undefined>): string => names.filter(Boolean).join(' ');
