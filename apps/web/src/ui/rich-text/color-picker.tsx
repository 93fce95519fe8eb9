import { RICH_TEXT_DEFAULT_COLOR } from '@crm/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { cx } from '@/ui/cx';
import { useOutsideClick } from '@/ui/use-outside-click';
import styles from './rich-text.module.css';

/**
 * A small palette; every colour reads on white at 4.5:1 or more (WCAG AA), so a hint coloured
 * from it stays legible. Any other colour through the custom picker.
 */
const PALETTE: { color: string; name: string }[] = [
  { color: RICH_TEXT_DEFAULT_COLOR, name: 'Чёрный' },
  { color: '#6b6f80', name: 'Серый' },
  { color: '#c8353a', name: 'Красный' },
  { color: '#c2410c', name: 'Оранжевый' },
  { color: '#8a6d00', name: 'Горчичный' },
  { color: '#1f7a4d', name: 'Зелёный' },
  { color: '#0e7c70', name: 'Бирюзовый' },
  { color: '#2458d6', name: 'Синий' },
  { color: '#6a4bc8', name: 'Фиолетовый' },
  { color: '#b0307f', name: 'Розовый' },
];

type ColorPickerProps = { value: string | undefined; onPick: (color: string) => void };

/** The text colour control of the toolbar: a swatch button opening the palette. */
export const ColorPicker = ({ value, onPick }: ColorPickerProps) => {
  const current = value ?? RICH_TEXT_DEFAULT_COLOR;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const customRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick([rootRef], close, open);

  const pick = (color: string) => {
    setOpen(false);
    onPick(color);
  };

  // The native picker reports every move while dragging; only its final choice is applied,
  // so one choice is one undo step.
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    const input = customRef.current;
    if (!open || !input) return;
    const onCommit = () => pickRef.current(input.value);
    input.addEventListener('change', onCommit);
    return () => input.removeEventListener('change', onCommit);
  }, [open]);

  // Escape closes the palette, not the modal around the editor: caught before the modal stack's
  // listener, wherever the focus is (usually still in the text).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open]);

  return (
    <div ref={rootRef} className={styles.colorRoot}>
      <button
        type="button"
        className={styles.tool}
        aria-label="Цвет текста"
        title="Цвет текста"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={styles.colorGlyph} aria-hidden="true">
          А
          <span className={styles.colorBar} style={{ background: current }} />
        </span>
      </button>
      {open && (
        <div id={panelId} className={styles.colorPanel} role="group" aria-label="Цвет текста">
          <div className={styles.palette}>
            {PALETTE.map(({ color, name }) => (
              <button
                key={color}
                type="button"
                className={cx(styles.swatch, color === current && styles.swatchActive)}
                style={{ background: color }}
                aria-label={name}
                title={name}
                aria-pressed={color === current}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(color)}
              />
            ))}
          </div>
          <label className={styles.customColor}>
            <input ref={customRef} type="color" defaultValue={current} />
            Другой цвет
          </label>
        </div>
      )}
    </div>
  );
};
