import { expect, test, type APIRequestContext, type Page } from './test';
import { DEMO_ADMIN, DEMO_PASSWORD, signInWithToken, seriousViolations } from './fixtures';

/**
 * The one rich-text editor, met where an admin writes a category's hint: the toolbar, the
 * shortcuts, undo and redo, paste from other programs, and what is stored.
 */

const storedClue = async (request: APIRequestContext, categoryName: string) => {
  const login = await request.post('/api/v1/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
  });
  const { response: auth } = (await login.json()) as { response: { token: string } };
  const headers = { Authorization: `Bearer ${auth.token}` };
  const projects = await request.get('/api/v1/user/projects', { headers });
  const { response: list } = (await projects.json()) as { response: { id: number }[] };
  const res = await request.get(`/api/v1/projects/${list[0]!.id}/client-categories`, { headers });
  const { response } = (await res.json()) as { response: { name: string; clue: { clue: string } | null }[] };
  return response.find((c) => c.name === categoryName)?.clue ?? null;
};

/** Opens the hint editor of a demo category without a hint. */
const openHintEditor = async (page: Page, request: APIRequestContext, category: string) => {
  await signInWithToken(page, request, DEMO_ADMIN.email, '/client-category-setting');
  await page.getByRole('button', { name: `Редактировать категорию «${category}»` }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать категорию' });
  // A category an earlier test gave a hint offers 'Редактировать' instead.
  await edit.getByRole('button', { name: /^(Добавить подсказку|Редактировать)$/ }).click();
  const hint = page.getByRole('dialog', { name: `Подсказка категории «${category}»` });
  // The editor's code loads on first use; it takes the focus once there.
  await expect(hint.getByRole('textbox')).toBeFocused();
  return {
    edit,
    hint,
    editor: hint.getByRole('textbox'),
    toolbar: hint.getByRole('toolbar', { name: 'Форматирование текста' }),
  };
};

/** A paste event as the browser sends it, with the given clipboard contents. */
const paste = (page: Page, data: Record<string, string>) =>
  page.evaluate((entries) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(entries)) transfer.setData(type, value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, data);

test('the editor: a labelled multi-line textbox, a toolbar of toggles, undo and redo', async ({
  page,
  request,
}) => {
  const { hint, editor, toolbar } = await openHintEditor(page, request, 'Повторный контакт');
  await expect(editor).toHaveAttribute('aria-multiline', 'true');
  await expect(editor).toHaveAccessibleName('Подсказка категории «Повторный контакт»');
  await expect(editor).toBeFocused();
  const titles: [name: string, title: string][] = [
    ['Жирный', 'Жирный (Ctrl+B)'],
    ['Курсив', 'Курсив (Ctrl+I)'],
    ['Подчёркнутый', 'Подчёркнутый (Ctrl+U)'],
    ['Зачёркнутый', 'Зачёркнутый (Ctrl+Shift+X)'],
    ['Отменить', 'Отменить (Ctrl+Z)'],
    ['Повторить', 'Повторить (Ctrl+Shift+Z, Ctrl+Y)'],
  ];
  for (const [name, title] of titles) {
    await expect(toolbar.getByRole('button', { name })).toHaveAttribute('title', title);
  }
  await expect(toolbar.getByLabel('Размер шрифта')).toHaveValue('16px');
  await expect(toolbar.getByLabel('Размер шрифта').locator('option')).toHaveText([
    '14 px',
    '16 px',
    '18 px',
    '20 px',
    '24 px',
    '28 px',
  ]);
  const undo = toolbar.getByRole('button', { name: 'Отменить' });
  const redo = toolbar.getByRole('button', { name: 'Повторить' });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  await page.keyboard.type('Первое');
  await page.keyboard.press('Enter');
  await page.keyboard.type('второе');
  await expect(editor).toContainText('второе');
  await page.keyboard.press('Control+Z');
  await expect(editor).not.toContainText('второе');
  await expect(redo).toBeEnabled();
  await page.keyboard.press('Control+Shift+Z');
  await expect(editor).toContainText('второе');
  await undo.click();
  await expect(editor).not.toContainText('второе');
  await page.keyboard.press('Control+Y');
  await expect(editor).toContainText('второе');

  // A mark on a selection: the toggle shows it, a second press takes it off.
  await page.keyboard.press('Shift+Home');
  const italic = toolbar.getByRole('button', { name: 'Курсив' });
  await italic.click();
  await expect(italic).toHaveAttribute('aria-pressed', 'true');
  await expect(editor.getByText('второе')).toHaveCSS('font-style', 'italic');
  // The colour palette: named swatches, Escape closes it and not the modal.
  await toolbar.getByRole('button', { name: 'Цвет текста' }).click();
  await expect(toolbar.getByRole('group', { name: 'Цвет текста' }).getByRole('button')).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(toolbar.getByRole('group', { name: 'Цвет текста' })).toBeHidden();
  await expect(hint).toBeVisible();
  await toolbar.getByRole('button', { name: 'Синий' }).waitFor({ state: 'detached' });
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hint).toBeHidden();
  expect(JSON.parse((await storedClue(request, 'Повторный контакт'))!.clue)).toEqual([
    { type: 'paragraph', children: [{ text: 'Первое' }] },
    { type: 'paragraph', children: [{ text: 'второе', italic: true }] },
  ]);
});

test('paste: HTML from a page keeps only the model (marks, colour, lists, paragraphs), never markup', async ({
  page,
  request,
}) => {
  const { hint, editor } = await openHintEditor(page, request, 'Новые заявки');
  await paste(page, {
    'text/html': [
      '<style>p{color:red}</style><script>window.pwned = true</script>',
      '<h2>Заголовок</h2>',
      '<p>Текст <b>жирный</b> и <span style="color: rgb(36, 88, 214); font-size: 40px">синий</span>',
      '<img src="x" onerror="window.pwned = true"><a href="https://example.com">ссылка</a></p>',
      '<ul><li>пункт <i>один</i></li><li>пункт два</li></ul>',
      '<ol><li><s>старый</s> <u>новый</u></li></ol>',
      '<table><tr><td>ячейка</td><td>соседняя</td></tr></table>',
    ].join(''),
    'text/plain': 'не это',
  });
  await expect(editor).toContainText('соседняя');
  await expect(editor.locator('img, script, style, a, table, h2')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hint).toBeHidden();
  expect(JSON.parse((await storedClue(request, 'Новые заявки'))!.clue)).toEqual([
    { type: 'paragraph', children: [{ text: 'Заголовок', bold: true }] },
    {
      type: 'paragraph',
      children: [
        { text: 'Текст ' },
        { text: 'жирный', bold: true },
        { text: ' и ' },
        { text: 'синий', color: '#2458d6' },
        { text: 'ссылка' },
      ],
    },
    {
      type: 'bulleted-list',
      children: [
        { type: 'list-item', children: [{ text: 'пункт ' }, { text: 'один', italic: true }] },
        { type: 'list-item', children: [{ text: 'пункт два' }] },
      ],
    },
    {
      type: 'numbered-list',
      children: [
        {
          type: 'list-item',
          children: [
            { text: 'старый', strikethrough: true },
            { text: ' ' },
            { text: 'новый', underline: true },
          ],
        },
      ],
    },
    { type: 'paragraph', children: [{ text: 'ячейка соседняя' }] },
  ]);
});

test('paste: plain text becomes paragraphs; a hint emptied is stored as the empty string', async ({
  page,
  request,
}) => {
  const { edit, hint, editor } = await openHintEditor(page, request, 'Сделка');
  await paste(page, { 'text/plain': 'строка один\nстрока два' });
  await expect(editor.locator('p')).toHaveText(['строка один', 'строка два']);
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hint).toBeHidden();
  expect(JSON.parse((await storedClue(request, 'Сделка'))!.clue)).toEqual([
    { type: 'paragraph', children: [{ text: 'строка один' }] },
    { type: 'paragraph', children: [{ text: 'строка два' }] },
  ]);

  // Emptied: blank in every block, so '' is sent (the hint keeps its id, with no text).
  await edit.getByRole('button', { name: 'Редактировать', exact: true }).click();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('  ');
  await hint.getByRole('button', { name: 'Сохранить' }).click();
  await expect(hint).toBeHidden();
  await expect(edit.getByRole('button', { name: 'Добавить подсказку' })).toBeVisible();
  expect((await storedClue(request, 'Сделка'))?.clue).toBe('');
});

test.describe('without the CSP', () => {
  // The page's policy would stop an inline handler; the editor must not need it to.
  test.use({ bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] });

  test('a real Ctrl+V of HTML with <img onerror> never puts the markup in the page: nothing runs, nothing loads', async ({
    page,
    request,
  }) => {
    const { editor } = await openHintEditor(page, request, 'Думает');
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('pasted-image')) images.push(r.url());
    });
    // Every element the page ever gets that the paste carried, even for a moment.
    await page.evaluate(() => {
      const CARRIED = 'img, script, iframe, [onerror], [onload]';
      const seen: string[] = [];
      (window as { seen?: string[] }).seen = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.addedNodes))
            if (node instanceof Element && (node.matches(CARRIED) || node.querySelector(CARRIED)))
              seen.push(node.outerHTML);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.evaluate(async () => {
      const html =
        '<p>до<img src="/pasted-image.png" onerror="window.pwned = true">после</p>' +
        '<svg onload="window.pwned = true"></svg><script>window.pwned = true</script>';
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob(['допосле'], { type: 'text/plain' }),
        }),
      ]);
    });
    await editor.click();
    await page.keyboard.press('Control+V');
    await expect(editor).toContainText('допосле');
    expect(await page.evaluate(() => (window as { seen?: string[] }).seen)).toEqual([]);
    expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
    expect(images).toEqual([]);
  });
});
