import { expect, test, type APIRequestContext, type Locator, type Page } from './test';
import {
  box,
  DEMO_ADMIN,
  DEMO_MANAGER,
  demoApi,
  SCREENSHOTS,
  signInWithToken,
  seriousViolations,
  saveShot,
} from './fixtures';
import { FORMATTED_TEXT, typeFormattedText } from './rich-text-typing';

const SHOTS = `${SCREENSHOTS}/knowledge`;

const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text }).last();
const topic = (page: Page, name: string) =>
  page.getByTestId('topic').filter({ has: page.getByTestId('topic-name').getByText(name, { exact: true }) });
const article = (page: Page, title: string) =>
  page.getByTestId('article').filter({ has: page.getByRole('button', { name: title, exact: true }) });

type Api = { headers: Record<string, string>; base: string };

/** A member's token and the demo project's API base, to read what the page stored. */
const apiAs = async (request: APIRequestContext, email: string): Promise<Api> => {
  const { headers, base } = await demoApi(request, email);
  return { headers, base: `${base}/knowledge-base` };
};

type StoredTopic = { id: number; name: string; posts_count: number };
type StoredPost = { id: number; title: string; content: string; category_id: number };

const storedTopics = async (request: APIRequestContext, api: Api) => {
  const res = await request.get(`${api.base}/categories`, { headers: api.headers });
  return ((await res.json()) as { response: StoredTopic[] }).response;
};

const storedPosts = async (request: APIRequestContext, api: Api, categoryId: number) => {
  const res = await request.get(`${api.base}/posts?category=${categoryId}`, { headers: api.headers });
  return ((await res.json()) as { response: { data: StoredPost[] } }).response.data;
};

/** The article typed in the test: every mark the editor has, both lists. */
const FORMATTED = FORMATTED_TEXT;

/** Types FORMATTED into the editor of `dialog` with the toolbar and the shortcuts. */
const typeFormatted = async (page: Page, dialog: Locator) => {
  await dialog.getByRole('textbox', { name: 'Текст статьи' }).click();
  const toolbar = dialog.getByRole('toolbar', { name: 'Форматирование текста' });
  await typeFormattedText(page, toolbar);
};

/** The marks and lists of FORMATTED, as the reader renders them. */
const expectFormattedRendered = async (reader: Locator) => {
  await expect(reader.getByText('Важно', { exact: true })).toHaveCSS('font-weight', '700');
  await expect(reader.getByText('наклонно')).toHaveCSS('font-style', 'italic');
  await expect(reader.getByText('подчёркнуто')).toHaveCSS('text-decoration-line', 'underline');
  await expect(reader.getByText('зачёркнуто')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(reader.getByText('красным')).toHaveCSS('color', 'rgb(200, 53, 58)');
  await expect(reader.getByText('крупно')).toHaveCSS('font-size', '24px');
  await expect(reader.locator('ul > li')).toHaveText(['позвонить', 'написать']);
  await expect(reader.locator('ol > li')).toHaveText(['первый шаг']);
};

test('an admin builds a topic and a formatted article, reads it, finds it, renames the topic, deletes them', async ({
  page,
  request,
}) => {
  // One story from the first topic to its deletion, with axe on each state.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Тема ${stamp}`;
  const renamed = `${name} (новое)`;
  const title = `Статья ${stamp}`;
  const api = await apiAs(request, DEMO_ADMIN.email);
  await signInWithToken(page, request, DEMO_ADMIN.email, '/library-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки библиотеки' })).toBeVisible();
  await expect(topic(page, 'Скрипты звонков')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A topic: 'Добавить' waits for a name.
  await page.getByRole('button', { name: 'Добавить тему' }).click();
  const addTopic = page.getByRole('dialog', { name: 'Новая тема' });
  const addTopicButton = addTopic.getByRole('button', { name: 'Добавить', exact: true });
  await expect(addTopic.getByLabel('Название темы')).toBeFocused();
  await expect(addTopicButton).toBeDisabled();
  await addTopic.getByLabel('Название темы').fill('   ');
  await expect(addTopicButton).toBeDisabled();
  await addTopic.getByLabel('Название темы').fill(name);
  await addTopicButton.click();
  await expect(toast(page, 'Тема добавлена!')).toBeVisible();
  await expect(addTopic).toBeHidden();
  // The new topic is chosen: empty, with its own 'Добавить статью'.
  await expect(topic(page, name).getByRole('link')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('В этой теме пока нет статей.')).toBeVisible();
  const created = (await storedTopics(request, api)).find((t) => t.name === name)!;
  await expect(page).toHaveURL(new RegExp(`category=${created.id}`));

  // The article modal: 830 px, the topic on screen chosen, 'Добавить' waits for a title.
  await page.getByRole('button', { name: 'Добавить статью' }).first().click();
  const addArticle = page.getByRole('dialog', { name: 'Новая статья' });
  expect((await box(addArticle))?.width).toBe(830);
  await expect(addArticle.getByLabel('Тема')).toHaveValue(String(created.id));
  const addArticleButton = addArticle.getByRole('button', { name: 'Добавить', exact: true });
  await expect(addArticleButton).toBeDisabled();
  await addArticle.getByLabel('Заголовок').fill(title);
  await expect(addArticleButton).toBeEnabled();
  await addArticle.getByLabel('Тема').selectOption('');
  await expect(addArticleButton).toBeDisabled();
  await addArticle.getByLabel('Тема').selectOption(String(created.id));
  await typeFormatted(page, addArticle);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/article-modal-1440.png` });
  await addArticleButton.click();
  await expect(toast(page, 'Статья добавлена!')).toBeVisible();
  await expect(addArticle).toBeHidden();
  await expect(topic(page, name)).toContainText('1');

  // Stored exactly as typed.
  const [stored] = await storedPosts(request, api, created.id);
  expect(stored).toMatchObject({ title, category_id: created.id });
  expect(JSON.parse(stored!.content)).toEqual(FORMATTED);

  // Read back in the 830 px reader with every mark, then 'Назад'.
  await article(page, title).getByRole('button', { name: title, exact: true }).click();
  const reader = page.getByRole('dialog', { name: title });
  expect((await box(reader))?.width).toBe(830);
  await expectFormattedRendered(reader);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/reader-1440.png` });
  await reader.getByRole('button', { name: 'Назад' }).click();
  await expect(reader).toBeHidden();

  // 'Редактировать' in the reader opens the article modal; a refusal keeps what was typed.
  await article(page, title).getByRole('button', { name: title, exact: true }).click();
  await reader.getByRole('button', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать статью' });
  await expect(edit.getByLabel('Заголовок')).toHaveValue(title);
  const tooLong = 'Я'.repeat(256);
  await edit.getByLabel('Заголовок').fill(tooLong);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByRole('alert').filter({ hasText: /255/ })).toBeVisible();
  await expect(edit.getByLabel('Заголовок')).toHaveValue(tooLong);
  await expect(edit.getByText('крупно')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByLabel('Заголовок').fill(`${title}!`);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Статья обновлена!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(article(page, `${title}!`)).toBeVisible();
  expect(JSON.parse((await storedPosts(request, api, created.id))[0]!.content)).toEqual(FORMATTED);

  // Found by a word of its text on /knowledge, the word marked in the excerpt.
  await page.goto('/knowledge');
  await page.getByLabel('Поиск по библиотеке').fill('наклонно');
  const hit = page.getByTestId('search-hit').filter({ hasText: `${title}!` });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(['наклонно']);
  await expect(hit).toContainText(name);
  await page.getByLabel('Поиск по библиотеке').fill('такого слова нет нигде');
  await expect(page.getByTestId('empty-state').getByText('Ничего не найдено')).toBeVisible();
  await page.getByLabel('Поиск по библиотеке').fill(`${stamp}!`);
  await expect(hit.locator('mark')).toHaveText([`${stamp}!`]);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/search-1440.png`, fullPage: true });
  await hit.getByRole('button', { name: `${title}!`, exact: true }).click();
  await expectFormattedRendered(page.getByRole('dialog', { name: `${title}!` }));
  await page.keyboard.press('Escape');

  // Rename: choose a topic, then the new name; disabled without both.
  await page.goto(`/library-settings?category=${created.id}`);
  await page.getByRole('button', { name: 'Переименовать тему', exact: true }).click();
  const rename = page.getByRole('dialog', { name: 'Переименовать тему' });
  const save = rename.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await rename.getByLabel('Новое название').fill(renamed);
  await expect(save).toBeDisabled();
  await rename.getByLabel('Тема').selectOption({ label: name });
  await expect(save).toBeEnabled();
  await rename.getByLabel('Новое название').fill('');
  await expect(save).toBeDisabled();
  await rename.getByLabel('Новое название').fill(renamed);
  await save.click();
  await expect(toast(page, 'Изменения внесены!')).toBeVisible();
  await expect(topic(page, renamed)).toBeVisible();

  // Delete the article, after a confirmation.
  await article(page, `${title}!`)
    .getByRole('button', { name: `Удалить статью «${title}!»` })
    .click();
  const confirmPost = page.getByRole('dialog', { name: `Удалить статью «${title}!»?` });
  await expect(confirmPost.getByRole('button', { name: 'Нет' })).toBeFocused();
  await confirmPost.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(toast(page, 'Статья удалена!')).toBeVisible();
  await expect(page.getByText('В этой теме пока нет статей.')).toBeVisible();
  expect(await storedPosts(request, api, created.id)).toEqual([]);

  // Delete the topic, moving its article to another topic.
  const target = (await storedTopics(request, api)).find((t) => t.name === 'Скрипты звонков')!;
  const moved = await request.post(`${api.base}/categories/${created.id}/posts`, {
    headers: api.headers,
    data: { title: `Переносимая ${stamp}`, content: '' },
  });
  expect(moved.status()).toBe(201);
  const movedId = ((await moved.json()) as { response: { id: number } }).response.id;
  await page.reload();
  await topic(page, renamed)
    .getByRole('button', { name: `Удалить тему «${renamed}»` })
    .click();
  const confirmTopic = page.getByRole('dialog', { name: `Удалить тему «${renamed}»?` });
  await expect(confirmTopic).toContainText('В теме 1 статья. Что с ней сделать?');
  await expect(confirmTopic.getByRole('radio', { name: 'Перенести в другую тему' })).toBeChecked();
  await confirmTopic.getByLabel('Куда перенести').selectOption({ label: 'Скрипты звонков' });
  await expect(confirmTopic.getByTestId('topic-delete-outcome')).toHaveText(
    'Статья перейдёт в тему «Скрипты звонков».',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/topic-delete-1440.png` });
  await confirmTopic.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(toast(page, 'Тема удалена!')).toBeVisible();
  await expect(topic(page, renamed)).toHaveCount(0);
  const movedNow = await request.get(`${api.base}/posts/${movedId}`, { headers: api.headers });
  expect(((await movedNow.json()) as { response: StoredPost }).response.category_id).toBe(target.id);

  // And a topic deleted with its articles.
  const second = await request.post(`${api.base}/categories`, {
    headers: api.headers,
    data: { name: `${name} 2` },
  });
  const secondId = ((await second.json()) as { response: { id: number } }).response.id;
  const doomed = await request.post(`${api.base}/categories/${secondId}/posts`, {
    headers: api.headers,
    data: { title: `Удаляемая ${stamp}` },
  });
  const doomedId = ((await doomed.json()) as { response: { id: number } }).response.id;
  await page.reload();
  await topic(page, `${name} 2`)
    .getByRole('button', { name: `Удалить тему «${name} 2»` })
    .click();
  const confirmSecond = page.getByRole('dialog', { name: `Удалить тему «${name} 2»?` });
  await confirmSecond.getByRole('radio', { name: 'Удалить статьи вместе с темой' }).check();
  await expect(confirmSecond.getByTestId('topic-delete-outcome')).toHaveText(
    'Статья будет удалена вместе с темой, восстановить её будет нельзя.',
  );
  await confirmSecond.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(toast(page, 'Тема удалена!')).toBeVisible();
  await expect(topic(page, `${name} 2`)).toHaveCount(0);
  expect((await request.get(`${api.base}/posts/${doomedId}`, { headers: api.headers })).status()).toBe(404);
});

test('a manager reads the library without write buttons; /library-settings and the API refuse him', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_MANAGER.email, '/knowledge');
  await expect(page.getByRole('heading', { level: 1, name: 'Библиотека знаний' })).toBeVisible();
  await topic(page, 'Работа с возражениями').getByRole('link').click();
  await expect(page).toHaveURL(/category=\d+/);
  // Until the topic's articles arrive, the list still shows the previous topic's, marked busy.
  const articles = page.getByRole('list', { name: /^Работа с возражениями/ });
  await expect(articles).not.toHaveAttribute('aria-busy', 'true');
  const first = articles.getByTestId('article').first();
  const firstTitle = (await first.getByRole('button').first().textContent())!;
  await first.getByRole('button').first().click();
  const reader = page.getByRole('dialog', { name: firstTitle });
  await expect(reader.getByRole('button', { name: 'Назад' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Настройки библиотеки' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Удалить|Редактировать|Добавить/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/knowledge-manager-1440.png`, fullPage: true });

  // A page past the end (an old link) lands on the last page there is.
  await page.goto('/knowledge?page=9');
  await expect(page).not.toHaveURL(/page=9/);
  await expect(page.getByTestId('article').first()).toBeVisible();

  await page.goto('/library-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible();
  await expect(page.getByTestId('topic')).toHaveCount(0);

  const api = await apiAs(request, DEMO_MANAGER.email);
  const [someTopic] = await storedTopics(request, api);
  const [somePost] = await storedPosts(request, api, someTopic!.id);
  const writes = [
    request.post(`${api.base}/categories`, { headers: api.headers, data: { name: 'Моя тема' } }),
    request.put(`${api.base}/categories/${someTopic!.id}`, {
      headers: api.headers,
      data: { name: 'Другое' },
    }),
    request.delete(`${api.base}/categories/${someTopic!.id}?posts=delete`, { headers: api.headers }),
    request.post(`${api.base}/categories/${someTopic!.id}/posts`, {
      headers: api.headers,
      data: { title: 'x' },
    }),
    request.put(`${api.base}/posts/${somePost!.id}`, {
      headers: api.headers,
      data: { title: 'x', content: '', category_id: someTopic!.id },
    }),
    request.delete(`${api.base}/posts/${somePost!.id}`, { headers: api.headers }),
  ];
  expect((await Promise.all(writes)).map((res) => res.status())).toEqual([403, 403, 403, 403, 403, 403]);
});

test('the library at 390 px: topics scroll, the reader and the article modal fit the phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, request, DEMO_ADMIN.email);
  for (const path of ['/knowledge', '/library-settings']) {
    await page.goto(path);
    await expect(page.getByTestId('article').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, { path: `${SHOTS}/${path.slice(1)}-390.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Добавить статью' }).click();
  await expect(page.getByRole('dialog', { name: 'Новая статья' }).getByRole('toolbar')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/article-modal-390.png` });
  await page.keyboard.press('Escape');
  await page.goto('/knowledge');
  await page.getByTestId('article').first().getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Назад' })).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/reader-390.png` });
  await page.keyboard.press('Escape');
  await page.getByLabel('Поиск по библиотеке').fill('клиент');
  await expect(page.getByTestId('search-hit').first()).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/search-390.png`, fullPage: true });
});

test('the library: loading, empty, error, many articles with long titles and the pager', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO_ADMIN.email);
  const topicsUrl = '**/api/v1/projects/*/knowledge-base/categories';
  const postsUrl = '**/api/v1/projects/*/knowledge-base/posts?*';

  // Loading: skeletons while the topics are on their way; then the empty library with its way to the settings.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(topicsUrl, async (route) => {
    await answered;
    await route.fulfill({ json: { success: true, response: [] } });
  });
  await page.goto('/knowledge');
  await expect(page.getByTestId('topics-skeleton')).toBeVisible();
  release();
  await expect(page.getByText('В библиотеке пока нет статей')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Настройки библиотеки' })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await saveShot(page, { path: `${SHOTS}/knowledge-empty-1440.png` });
  await page.goto('/library-settings');
  await expect(page.getByText('Тем пока нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Переименовать тему', exact: true })).toBeDisabled();

  // Error: what failed and 'Повторить', which asks again.
  await page.unroute(topicsUrl);
  let failing = true;
  await page.route(topicsUrl, (route) =>
    failing
      ? route.fulfill({ status: 500, json: { success: false, message: 'Server Error' } })
      : route.fallback(),
  );
  await page.goto('/knowledge');
  await expect(page.getByText('Не удалось загрузить темы библиотеки.')).toBeVisible();
  await expect(toast(page, 'An unexpected error occurred')).toBeVisible();
  await saveShot(page, { path: `${SHOTS}/knowledge-error-1440.png` });
  failing = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('topic').first()).toBeVisible();

  // Many articles, long titles: 20 a page, the pager with 3 pages in range and 2 at the margins.
  await page.unroute(topicsUrl);
  const long =
    'Очень длинный заголовок статьи о том, как вести переговоры с клиентом, который сомневается и сравнивает';
  const requested: string[] = [];
  await page.route(postsUrl, (route) => {
    const url = new URL(route.request().url());
    const current = Number(url.searchParams.get('page') ?? '1');
    requested.push(url.search);
    const data = Array.from({ length: 20 }, (_, i) => ({
      id: current * 100 + i,
      title: i === 0 ? long : `Статья ${current}.${i + 1}`,
      content: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Текст '.repeat(60) }] }]),
      category_id: Number(url.searchParams.get('category')),
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    }));
    return route.fulfill({
      json: {
        success: true,
        response: { data, current_page: current, last_page: 12, per_page: 20, total: 240 },
      },
    });
  });
  await page.goto('/knowledge');
  await expect(page.getByTestId('article')).toHaveCount(20);
  const pager = page.getByRole('navigation', { name: 'Страницы статей' });
  await expect(pager.getByRole('button', { name: /^Страница/ })).toHaveText(['1', '2', '3', '11', '12']);
  await pager.getByRole('button', { name: 'Страница 3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(pager.getByRole('button', { name: /^Страница/ })).toHaveText(['1', '2', '3', '4', '11', '12']);
  await expect(pager.getByRole('button', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Следующая страница' }).click();
  await expect(page).toHaveURL(/page=4/);
  // The address changes before the page's request goes out.
  await expect
    .poll(() => requested.some((search) => /page=4/.test(search) && /category=\d+/.test(search)))
    .toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByTestId('article')).toHaveCount(20);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveShot(page, { path: `${SHOTS}/knowledge-many-${width}.png`, fullPage: true });
  }
});
