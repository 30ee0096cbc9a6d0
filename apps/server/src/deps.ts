import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { FileStorage } from './lib/file-storage';
import type { Mailer } from './modules/mail/mailer';

/** What every module's routes and services are given: one database, configuration, mail, files and clock. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  storage: FileStorage;
  clock: Clock;
}
