import { expect, type Locator, type Page } from './test';

/** The rich text `typeFormattedText` produces: every mark, a size, both kinds of list. */
export const FORMATTED_TEXT = [
  {
    type: 'paragraph',
    children: [
      { text: 'Важно', bold: true },
      { text: ' и ' },
      { text: 'наклонно', italic: true },
      { text: ', ' },
      { text: 'подчёркнуто', underline: true },
      { text: ', ' },
      { text: 'зачёркнуто', strikethrough: true },
      { text: ', ' },
      { text: 'красным', color: '#c8353a' },
      { text: ' и ' },
      { text: 'крупно', fontSize: '24px' },
    ],
  },
  {
    type: 'bulleted-list',
    children: [
      { type: 'list-item', children: [{ text: 'позвонить' }] },
      { type: 'list-item', children: [{ text: 'написать' }] },
    ],
  },
  { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'первый шаг' }] }] },
];

/** Types FORMATTED_TEXT into the focused editor with its toolbar and the shortcuts. */
export const typeFormattedText = async (page: Page, toolbar: Locator) => {
  const bold = toolbar.getByRole('button', { name: 'Жирный' });
  await page.keyboard.press('Control+B');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Важно');
  await page.keyboard.press('Control+B');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' и ');
  await toolbar.getByRole('button', { name: 'Курсив' }).click();
  await page.keyboard.type('наклонно');
  await page.keyboard.press('Control+I');
  await page.keyboard.type(', ');
  await page.keyboard.press('Control+U');
  await page.keyboard.type('подчёркнуто');
  await toolbar.getByRole('button', { name: 'Подчёркнутый' }).click();
  await page.keyboard.type(', ');
  await page.keyboard.press('Control+Shift+X');
  await page.keyboard.type('зачёркнуто');
  await toolbar.getByRole('button', { name: 'Зачёркнутый' }).click();
  await page.keyboard.type(', ');
  await toolbar.getByRole('button', { name: 'Цвет текста' }).click();
  await toolbar.getByRole('button', { name: 'Красный' }).click();
  await page.keyboard.type('красным');
  await toolbar.getByRole('button', { name: 'Цвет текста' }).click();
  await toolbar.getByRole('button', { name: 'Чёрный' }).click();
  await page.keyboard.type(' и ');
  await toolbar.getByLabel('Размер шрифта').selectOption('24px');
  await page.keyboard.type('крупно');
  await page.keyboard.press('Enter');
  await toolbar.getByLabel('Размер шрифта').selectOption('16px');
  await toolbar.getByRole('button', { name: 'Маркированный список' }).click();
  await page.keyboard.type('позвонить');
  await page.keyboard.press('Enter');
  await page.keyboard.type('написать');
  // Enter on an empty item leaves the list.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Нумерованный список' }).click();
  await expect(toolbar.getByRole('button', { name: 'Нумерованный список' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.type('первый шаг');
};
