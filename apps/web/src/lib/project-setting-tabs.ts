import { paths } from './paths';

/** The tabs of /project-setting: each is a page of its own feature, under one title. */
export const projectSettingTabs = [
  { to: paths.projectSetting, label: 'Основное' },
  { to: paths.integrations, label: 'Интеграции' },
  { to: paths.telegram, label: 'Telegram' },
] as const;
