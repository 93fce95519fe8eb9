import type { AppDeps } from '../deps.js';
import { AppError } from '../http/app-error.js';
import { createSecretBox } from '../lib/secret-box.js';
import { createBotApi } from './bot-api.js';
import type { BotRow } from './telegram.repository.js';

const NO_SECRETS_KEY =
  'Чтобы подключить бота, задайте на сервере переменную SECRETS_KEY: ею шифруется токен (docs/product.md, «Telegram»)';

export const boxOf = (deps: AppDeps) => {
  if (!deps.config.secretsKey) throw new AppError(422, NO_SECRETS_KEY);
  return createSecretBox(deps.config.secretsKey);
};

/** The bot's API with its token unsealed (never logged). */
export const apiOf = (deps: AppDeps, bot: BotRow) =>
  createBotApi(deps.config.telegram.apiUrl, boxOf(deps).open(bot.token_sealed));

