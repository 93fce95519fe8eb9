import type { AppConfig } from '../config.js';
import { createInProcessPublisher, type Publisher } from './publisher.js';
import { createRedisPublisher } from './redis-publisher.js';

/** Redis pub/sub when REDIS_URL is set (several instances), in-process otherwise. */
export function createPublisher(
  config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
  log: { warn(obj: object, msg: string): void },
): Promise<Publisher> {
  return config.redisUrl
    ? createRedisPublisher(config.redisUrl, log, config.redisPrefix)
    : Promise.resolve(createInProcessPublisher());
}
